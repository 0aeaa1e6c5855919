import type { EditorUiProps } from '../../editor/core/capability';
import type { LazyPart } from '../../editor/core/lazy';
import { useExportStatus } from './export-status';
import { hasPendingImport } from './pending-import';

/** A download or import started (the menu sets the status) or a home-page import waits for this document. */
function useExportNeeded({ editor, context }: EditorUiProps): boolean {
  const status = useExportStatus(editor);
  const docId = context.session?.docId;
  return status.kind !== 'idle' || (docId !== undefined && hasPendingImport(docId));
}

/** The progress of a download or import, or why it failed: fetched when idle, or at once when it has something to show. */
export const exportOverlay: LazyPart<EditorUiProps> = {
  ui: () => import('./export.overlay'),
  preload: { need: useExportNeeded },
};
