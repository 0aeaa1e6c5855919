import { parentPort } from 'node:worker_threads';
import { sanitizeHtml } from './index';
import type { SanitizeReply, SanitizeRequest } from './sanitize-messages';

// Worker thread entry (infra/sanitize/sanitize-pool.ts): DOMPurify + jsdom off the server's event loop.
parentPort?.on('message', (job: SanitizeRequest) => {
  let reply: SanitizeReply;
  try {
    reply = { id: job.id, html: sanitizeHtml(job.html) };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
