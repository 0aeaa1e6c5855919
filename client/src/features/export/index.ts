import { FileDown } from 'lucide-react';
import type { Capability } from '../../editor/capability';
import { exportStrings } from './export.i18n';
import { ExportOverlay } from './export.overlay';
import { ExportMenu } from './export.toolbar';

export { useDocumentImport } from './home-import';

/**
 * Download (HTML in the browser; Markdown, text, JSON, PDF A4/Letter and Word from the server, with
 * progress), print (FROALA-REFERENCE §29, §30), and import of HTML, Markdown or Word files at the caret.
 */
export const documentExport: Capability = {
  name: 'export',
  extensions: [],
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
  Overlay: ExportOverlay,
};
