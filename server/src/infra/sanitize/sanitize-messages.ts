import type { EditorOptions } from '@shared/editor-options';

/** A body for a sanitizer worker. */
export interface SanitizeRequest {
  id: number;
  html: string;
}

/** The worker's answer: the sanitized HTML, or why it failed. */
export type SanitizeReply = { id: number; html: string } | { id: number; error: string };

/** What each worker starts with: the editor options whose document model it sanitizes with. */
export interface SanitizeWorkerData {
  editorOptions: EditorOptions;
}
