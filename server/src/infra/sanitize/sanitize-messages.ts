import type { EditorOptions } from '@shared/editor-options';

/** What each worker starts with: the editor options whose document model it sanitizes with. */
export interface SanitizeWorkerData {
  editorOptions: EditorOptions;
}
