import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/ydoc-keys';

/** The document title from the shared Y.Doc the editor is bound to ('' when none). */
export function documentTitle(editor: Editor): string {
  const collaboration = editor.extensionManager.extensions.find((e) => e.name === 'collaboration');
  const doc: unknown = collaboration?.options.document;
  if (!(doc instanceof Y.Doc)) return '';
  const title = doc.getMap<unknown>(YDocKeys.meta).get(YDocKeys.titleKey);
  return typeof title === 'string' ? title.trim() : '';
}
