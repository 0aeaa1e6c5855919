import { FileDown } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { exportStrings } from './export.i18n';
import type { EditorUiProps } from '../../editor/core/capability';
import { ExportState } from './export-status';
import { exportOverlay } from './export-overlay-part';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { ExportMenu } from './export.toolbar';

/** A viewer's editor: it gets the menu in the status bar (viewers have no toolbar). */
const useViewer = ({ editor }: EditorUiProps): boolean =>
  !useEditorUiState({ editor, selector: ({ editor: e }) => e.isEditable });

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
  Overlay: exportOverlay,
  // Viewers' Download and print (fetched at once for a viewer, when idle for an editor, who sees nothing).
  StatusBar: { ui: () => import('./export-viewer.status'), preload: { need: useViewer } },
};
