import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** The part of ProseMirror's (internal) view description tree this extension touches. */
interface BlockDesc {
  node: PmNode;
}
interface DocDesc {
  node: PmNode;
  children: BlockDesc[];
}

function docDescOf(view: EditorView): DocDesc | null {
  const desc: unknown = (view as unknown as { docView?: unknown }).docView;
  if (typeof desc !== 'object' || desc === null) return null;
  const { children, node } = desc as Partial<DocDesc>;
  return Array.isArray(children) && node === view.state.doc ? (desc as DocDesc) : null;
}

/**
 * Re-points the view's top-level block descriptions at the document's own node objects.
 *
 * The Yjs binding rebuilds the whole ProseMirror document from the shared type when the editor opens
 * (and on full re-renders). ProseMirror then keeps the old, structurally equal block nodes in its view
 * tree, and from then on every keystroke compares all blocks deeply instead of by identity: O(document)
 * work per key (about 3 ms on 2,000 blocks, 30 ms on 20,000). Once the identities match again, a
 * keystroke compares only the block it changed.
 */
export function alignViewNodes(view: EditorView): number {
  const desc = docDescOf(view);
  if (!desc) return 0;
  const { doc } = view.state;
  if (desc.children.length !== doc.childCount) return 0;
  let aligned = 0;
  desc.children.forEach((child, index) => {
    const node = doc.child(index);
    if (child.node !== node && child.node.eq(node)) {
      child.node = node;
      aligned++;
    }
  });
  return aligned;
}

export const ViewNodeIdentity = Extension.create({
  name: 'viewNodeIdentity',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('viewNodeIdentity'),
        view: (view) => {
          alignViewNodes(view);
          return {
            update: (v, prevState) => {
              // Identity checks only (cheap); the deep comparison runs once per re-created block.
              if (v.state.doc !== prevState.doc) alignViewNodes(v);
            },
          };
        },
      }),
    ];
  },
});
