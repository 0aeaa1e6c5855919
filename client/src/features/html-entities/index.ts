import type { Capability } from '../../editor/capability';
import { htmlEntitiesStrings } from './html-entities.i18n';

export { exportHtml, documentTitle } from './html-entities.export';
export { downloadDocumentHtml } from './html-entities.download';

/**
 * The HTML export (FROALA-REFERENCE §11): configured characters as named entities, and the download the
 * "Download and print" menu (features/export) and the connection alert offer.
 */
export const htmlEntities: Capability = {
  name: 'htmlEntities',
  extensions: [],
  i18n: htmlEntitiesStrings,
  toolbar: [],
};
