import { FileDown } from 'lucide-react';
import type { Capability } from '../../editor/capability';
import { htmlEntitiesStrings } from './html-entities.i18n';
import { DownloadHtmlControl } from './html-entities.toolbar';

export { exportHtml } from './html-entities.export';
export { downloadDocumentHtml } from './html-entities.download';

/** The HTML export (FROALA-REFERENCE §11): configured characters as named entities, and a download. */
export const htmlEntities: Capability = {
  name: 'htmlEntities',
  extensions: [],
  i18n: htmlEntitiesStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'downloadHtml',
      labelKey: 'htmlEntities.download',
      icon: FileDown,
      group: 'misc',
      Component: DownloadHtmlControl,
    },
  ],
};
