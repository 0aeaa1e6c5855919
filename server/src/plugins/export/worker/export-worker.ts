import { parentPort, workerData } from 'node:worker_threads';
import { createDocumentModel } from '@shared/document/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { renderDocx } from '../docx/render-docx';
import { renderPdf } from '../pdf/render-pdf';
import { proseMirrorDocOf } from '../../../domain/ydoc/read-document';
import { UNTITLED } from '../service';
import type { ExportJob, ExportReply, ExportWorkerData } from './export-messages';

// Worker thread entry (export-pool.ts): PDF and .docx rendering off the server's event loop, with the
// deployment's document model (built once per worker).
const { editorOptions } = (workerData as ExportWorkerData | null) ?? { editorOptions: defaultEditorOptions };
const model = createDocumentModel(editorOptions);

async function render(job: ExportJob): Promise<Uint8Array> {
  const { doc, title } = proseMirrorDocOf(job.state, model.schema);
  const input = { doc, title: title || UNTITLED, page: job.page, images: job.images, origin: job.origin };
  return job.format === 'pdf' ? renderPdf(input) : renderDocx(input);
}

parentPort?.on('message', (job: ExportJob) => {
  render(job).then(
    (rendered) => {
      // Only a buffer of its own is transferred (small Buffers share Node's pool).
      const whole = rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength;
      const bytes = whole ? rendered : new Uint8Array(rendered);
      const reply: ExportReply = { id: job.id, bytes };
      parentPort?.postMessage(reply, [bytes.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: ExportReply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(reply);
    },
  );
});
