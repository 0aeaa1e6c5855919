import { getText, getTextSerializersFromSchema } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import type { ExportedJson, ProseMirrorJson } from '@shared/api/export';
import { withoutUploadPlaceholders } from '@shared/document/html/html-export';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { titleOf } from './doc-title';

/** Reading a document's Y.Doc state the way the editor reads it (exports, versions, the archive). */

/**
 * The ProseMirror document of a Y.Doc state, read as the editor's y-tiptap binding reads it. It runs on a copy:
 * the binding deletes, in the Y.Doc it reads, any element the schema cannot hold.
 */
export function proseMirrorDocOf(state: Uint8Array, schema: Schema): { doc: PmNode; title: string } {
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, state);
    const doc = yXmlFragmentToProseMirrorRootNode(copy.getXmlFragment(YDocKeys.content), schema);
    return { doc, title: titleOf(copy) };
  } finally {
    copy.destroy();
  }
}

/** The plain text as Tiptap's `editor.getText()` gives it: blocks apart by an empty line, atoms by `renderText`. */
export function documentText(doc: PmNode): string {
  return getText(doc, { blockSeparator: '\n\n', textSerializers: getTextSerializersFromSchema(doc.type.schema) });
}

/** `format=json`: the title and the document without upload placeholders, as ProseMirror JSON. */
export function documentJson(doc: PmNode, title: string): ExportedJson {
  // Node.toJSON() writes plain JSON data of this shape.
  const json = doc.copy(withoutUploadPlaceholders(doc)).toJSON() as ProseMirrorJson;
  return { title, doc: json };
}
