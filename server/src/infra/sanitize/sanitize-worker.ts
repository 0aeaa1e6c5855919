import { parentPort, workerData } from 'node:worker_threads';
import { defaultEditorOptions } from '@shared/editor-options';
import { sanitizeHtml } from './index';
import type { SanitizeReply, SanitizeRequest, SanitizeWorkerData } from './sanitize-messages';

// Worker thread entry (infra/sanitize/sanitize-pool.ts): DOMPurify, jsdom and the document model off the
// server's event loop, with the deployment's editor options (one object per worker, so its model is cached).
const { editorOptions } = (workerData as SanitizeWorkerData | null) ?? { editorOptions: defaultEditorOptions };

parentPort?.on('message', (job: SanitizeRequest) => {
  let reply: SanitizeReply;
  try {
    reply = { id: job.id, html: sanitizeHtml(job.html, editorOptions) };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
