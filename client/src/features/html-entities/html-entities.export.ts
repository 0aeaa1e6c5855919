import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { exportBodyHtml } from '@shared/document/html-export';
import { YDocKeys } from '@shared/document/ydoc-keys';
import type { CapabilityContext } from '../../editor/core/capability';

/** The editor's HTML as the export writes it: the configured characters as named entities. */
export function exportHtml(editor: Editor, context: CapabilityContext): string {
  return exportBodyHtml(editor.state.doc, context.options.entities);
}

/** The document title from the shared Y.Doc the editor is bound to ('' when none). */
export function documentTitle(editor: Editor): string {
  const collaboration = editor.extensionManager.extensions.find((e) => e.name === 'collaboration');
  const doc: unknown = collaboration?.options.document;
  if (!(doc instanceof Y.Doc)) return '';
  const title = doc.getMap<unknown>(YDocKeys.meta).get(YDocKeys.titleKey);
  return typeof title === 'string' ? title.trim() : '';
}
