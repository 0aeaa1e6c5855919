import type { Editor } from '@tiptap/core';
import { Fragment, type Mark, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { ySyncPluginKey, yUndoPluginKey } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import type { VersionDetail } from '@shared/api/versions';
import { readAttrs } from '@shared/document/model/attribute-model';
import { restoreVersion } from '@shared/document/yjs/restore-version';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { closeUndoGroup } from '../../editor/core/undo-step';

function cleanMark(mark: Mark): Mark {
  return mark.type.create(readAttrs(mark));
}

/** `node` rebuilt with every attribute read through the model's validators (invalid → default). */
function cleanNode(node: PmNode): PmNode {
  const marks = node.marks.map(cleanMark);
  if (node.isText) return node.type.schema.text(node.text ?? '', marks);
  const children: PmNode[] = [];
  node.forEach((child) => children.push(cleanNode(child)));
  return node.type.createChecked(readAttrs(node), Fragment.from(children), marks);
}

/**
 * A version's content (ProseMirror JSON from the server) as a document of the editor's schema, its
 * attributes validated; null when it does not fit the model (shown as a translated error, never thrown).
 */
export function versionNode(schema: Schema, json: unknown): PmNode | null {
  try {
    const node = schema.nodeFromJSON(json);
    if (node.type !== schema.topNodeType) return null;
    node.check();
    return cleanNode(node);
  } catch {
    return null;
  }
}

/** The Y.Doc the editor is bound to, through y-tiptap's sync plugin state. */
function boundDoc(editor: Editor): Y.Doc | null {
  const state: unknown = ySyncPluginKey.getState(editor.state);
  if (typeof state !== 'object' || state === null || !('doc' in state)) return null;
  return (state as { doc: Y.Doc | null }).doc;
}

/**
 * Restores `version` into the editor's shared document as one change of this author: with y-tiptap's
 * origin, so the editor's undo manager records it, and in an undo group of its own (one Ctrl+Z undoes it).
 * Every other editor receives it as a normal update. False when the content does not fit the model.
 * `adjust` may change the version's content first (comment anchors are put back).
 */
export function restoreIntoEditor(
  editor: Editor,
  version: Pick<VersionDetail, 'doc' | 'title'>,
  adjust: (node: PmNode) => PmNode = (node) => node,
): boolean {
  const parsed = versionNode(editor.schema, version.doc);
  const node = parsed && adjust(parsed);
  const ydoc = boundDoc(editor);
  if (!node || !ydoc || !editor.isEditable) return false;
  // The undo manager watches the content only; with the metadata in its scope the same Ctrl+Z also takes
  // the restored title back (title edits have another origin, so they stay out of the editor's undo).
  const undo: unknown = yUndoPluginKey.getState(editor.state);
  if (typeof undo === 'object' && undo !== null && 'undoManager' in undo) {
    const { undoManager } = undo as { undoManager: Y.UndoManager };
    undoManager.addToScope(ydoc.getMap(YDocKeys.meta));
  }
  closeUndoGroup(editor);
  restoreVersion(ydoc, node, typeof version.title === 'string' ? version.title : null, ySyncPluginKey);
  closeUndoGroup(editor);
  return true;
}
