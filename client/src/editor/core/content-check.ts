import type { Editor, EditorOptions } from '@tiptap/core';
import { Fragment, type Node as PMNode } from '@tiptap/pm/model';

/**
 * `node` with what its type does not allow removed (children that do not fit, marks it does not take),
 * the required content filled in; the same object when nothing had to change; null when even that fails.
 */
export function withoutInvalidContent(node: PMNode): PMNode | null {
  if (node.isText) return node;
  let changed = false;
  let match = node.type.contentMatch;
  const kept: PMNode[] = [];
  node.forEach((child) => {
    let fixed = withoutInvalidContent(child);
    if (fixed && !node.type.allowsMarks(fixed.marks)) fixed = fixed.mark(node.type.allowedMarks(fixed.marks));
    const next = fixed && match.matchType(fixed.type);
    if (fixed && next) {
      kept.push(fixed);
      match = next;
    }
    if (fixed !== child || !next) changed = true;
  });
  const end = match.fillBefore(Fragment.empty, true);
  if (!end) return null;
  if (!changed && end.size === 0) return node;
  const content = Fragment.from(kept).append(end);
  try {
    return node.type.createChecked(node.attrs, content, node.marks);
  } catch {
    return null;
  }
}

/** Replaces the editor's document by its valid part; y-tiptap writes the difference to the Y.Doc. */
function removeInvalidContent(editor: Editor): void {
  if (editor.isDestroyed) return;
  const { doc } = editor.state;
  const valid = withoutInvalidContent(doc);
  if (!valid || valid === doc) return;
  editor.view.dispatch(editor.state.tr.replaceWith(0, doc.content.size, valid.content).setMeta('addToHistory', false));
}

/**
 * Tiptap's content check: content arriving from the shared document is checked against the schema.
 * Its default handler throws, and after one error it stops applying anything from Yjs. Ours never
 * throws and keeps following the document: an editor removes the invalid content (the others get the
 * repair, as with y-tiptap's own), a read-only editor writes nothing and shows what it can.
 */
export function contentCheckOptions(readOnly: boolean): Pick<EditorOptions, 'enableContentCheck' | 'onContentError'> {
  return {
    enableContentCheck: true,
    onContentError: ({ editor, error }) => {
      console.warn('[tandem] invalid document content', error);
      const collaboration = editor.storage.collaboration;
      // Not set: a command's own content was refused, and the command already did nothing.
      if (!collaboration.isDisabled) return;
      collaboration.isDisabled = false;
      // Emitted while ProseMirror applies the transaction: repair after it.
      if (!readOnly) queueMicrotask(() => removeInvalidContent(editor));
    },
  };
}
