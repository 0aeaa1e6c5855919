import { move, workerData } from 'piscina';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { renderDocx } from '../docx/render-docx';
import { renderPdf } from '../pdf/render-pdf';
import { proseMirrorDocOf } from '../../../domain/ydoc/read-document';
import { UNTITLED } from '../service';
import type { ExportJob, ExportWorkerData } from './export-messages';

// Worker module of the export pool (export-pool.ts, piscina): PDF and .docx rendering off the server's event
// loop, with the deployment's document model (built once per worker).
const { editorOptions } = (workerData as ExportWorkerData | null) ?? { editorOptions: defaultEditorOptions };
const model = createDocumentModel(editorOptions);

/** One document: the file's bytes, handed back without a copy. */
export default async function render(job: ExportJob): Promise<Uint8Array> {
  const { doc, title } = proseMirrorDocOf(job.state, model.schema);
  const input = { doc, title: title || UNTITLED, page: job.page, images: job.images, origin: job.origin };
  const rendered = await (job.format === 'pdf' ? renderPdf(input) : renderDocx(input));
  // Only a buffer of its own is transferred (small Buffers share Node's pool).
  const whole = rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength;
  // move() marks the bytes for transfer; the pool receives them as the Uint8Array.
  return move(whole ? rendered : new Uint8Array(rendered)) as Uint8Array;
}
