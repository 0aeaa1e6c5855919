import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { readTitle } from '@shared/document/yjs/ydoc-title';

/** The document title from the shared Y.Doc the editor is bound to ('' when none). */
export function documentTitle(editor: Editor): string {
  const collaboration = editor.extensionManager.extensions.find((e) => e.name === 'collaboration');
  const doc: unknown = collaboration?.options.document;
  return doc instanceof Y.Doc ? readTitle(doc).trim() : '';
}

/** The shared Y.Doc the editor is bound to, null without collaboration (unit tests). */
export function sharedDocument(editor: Editor): Y.Doc | null {
  const collaboration = editor.extensionManager.extensions.find((e) => e.name === 'collaboration');
  const doc: unknown = collaboration?.options.document;
  return doc instanceof Y.Doc ? doc : null;
}
