import { move, workerData } from 'piscina';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import type { ExportJob, ExportWorkerData } from './export-messages';
import { renderJob } from './render-job';

// Worker module of the export pool (export-pool.ts, piscina): PDF and .docx rendering off the server's event
// loop, with the deployment's document model (built once per worker).
const { editorOptions } = (workerData as ExportWorkerData | null) ?? { editorOptions: defaultEditorOptions };
const model = createDocumentModel(editorOptions);

/** One document: the file's bytes, handed back without a copy. */
export default async function render(job: ExportJob): Promise<Uint8Array> {
  const rendered = await renderJob(job, model.schema);
  // Only a buffer of its own is transferred (small Buffers share Node's pool).
  const whole = rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength;
  // move() marks the bytes for transfer; the pool receives them as the Uint8Array.
  return move(whole ? rendered : new Uint8Array(rendered)) as Uint8Array;
}
