import { workerData } from 'piscina';
import { defaultEditorOptions } from '@shared/editor-options';
import { sanitizeHtml } from './index';
import type { SanitizeWorkerData } from './sanitize-messages';

// Worker module of the sanitizer pool (infra/sanitize/sanitize-pool.ts, piscina): DOMPurify, jsdom and the
// document model off the server's event loop, with the deployment's editor options (one object per worker,
// so its model is cached).
const { editorOptions } = (workerData as SanitizeWorkerData | null) ?? { editorOptions: defaultEditorOptions };

/** One body: its sanitized HTML. */
export default function sanitize(html: string): string {
  return sanitizeHtml(html, editorOptions);
}
