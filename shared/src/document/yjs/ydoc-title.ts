import type * as Y from 'yjs';
import { YDocKeys } from './ydoc-keys';

/**
 * The document title as the Y.Doc holds it (`meta.title`), untrimmed; '' when there is none or it is not
 * text. The one reader of the title for the editor, its exports and the server.
 */
export function readTitle(doc: Y.Doc): string {
  const value: unknown = doc.getMap<unknown>(YDocKeys.meta).get(YDocKeys.titleKey);
  return typeof value === 'string' ? value : '';
}
