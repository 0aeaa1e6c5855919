import { FileDown } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { exportStrings } from './export.i18n';
import type { EditorUiProps } from '../../editor/core/capability';
import { ExportState, useExportStatus } from './export-status';
import { hasPendingImport } from './pending-import';
import { ExportMenu } from './export.toolbar';

/** A download or import started (the toolbar sets the status) or a home-page import waits for this document. */
function useExportNeeded({ editor, context }: EditorUiProps): boolean {
  const status = useExportStatus(editor);
  const docId = context.session?.docId;
  return status.kind !== 'idle' || (docId !== undefined && hasPendingImport(docId));
}

/**
 * Download (HTML in the browser; Markdown, text, JSON, PDF A4/Letter and Word from the server, with
 * progress), print (FROALA-REFERENCE §29, §30), and import of HTML, Markdown or Word files at the caret.
 */
export const documentExport: Capability = {
  name: 'export',
  extensions: [ExportState],
  i18n: exportStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'export',
      labelKey: 'export.menu',
      icon: FileDown,
      group: 'misc',
      Component: ExportMenu,
    },
  ],
  // The status bar's code is fetched when idle, or at once when it has something to show.
  Overlay: { ui: () => import('./export.overlay'), preload: { need: useExportNeeded } },
};
