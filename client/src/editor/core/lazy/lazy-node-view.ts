import type { Editor } from '@tiptap/core';
import { DOMSerializer, type Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { readPendingSelection } from '../dom-selection';
import { trackFetch } from './chunk';

/** Makes the authors' view of one node. */
export type NodeViewFactory = (node: PmNode, editor: Editor, getPos: () => number | undefined) => NodeView;

/** What `addNodeView` gets from Tiptap (the part used here). */
interface RendererProps {
  node: PmNode;
  editor: Editor;
  getPos: () => number | undefined;
}

/**
 * A node view whose code is fetched when the first such node is drawn: until it is there, the node is
 * drawn as the model renders it (as in an export), then the editor draws again with the real views.
 * Documents without the node never fetch it.
 */
export function lazyNodeView(name: string, load: () => Promise<NodeViewFactory>) {
  let factory: NodeViewFactory | null = null;
  let loading: Promise<NodeViewFactory> | null = null;
  const redrawn = new WeakSet<Editor>();

  /** Fetches the view; nodes drawn before it arrived are drawn again with it. */
  const ensure = (editor: Editor): void => {
    if (!loading) {
      loading = trackFetch(load()).then((made) => (factory = made));
      loading.catch((error: unknown) => {
        loading = null;
        console.error(`[tandem] the ${name} view could not be loaded`, error);
      });
    }
    loading.then(
      () => {
        if (editor.isDestroyed || redrawn.has(editor)) return;
        redrawn.add(editor);
        // A new function for the type makes ProseMirror draw the document again, once, with the real views
        // (the renderer below now makes them; a plugin's node views would lose to the editor's own).
        const views = editor.view.props.nodeViews ?? {};
        const own = views[name];
        if (own) readPendingSelection(editor.view);
        if (own) editor.view.setProps({ nodeViews: { ...views, [name]: (...args) => own(...args) } });
      },
      () => undefined,
    );
  };

  const renderer = ({ node, editor, getPos }: RendererProps): NodeView => {
    if (factory) return factory(node, editor, getPos);
    ensure(editor);
    const toDOM = node.type.spec.toDOM;
    if (!toDOM) return { dom: document.createElement('span') };
    const { dom, contentDOM } = DOMSerializer.renderSpec(document, toDOM(node));
    return contentDOM ? { dom, contentDOM } : { dom };
  };
  return { ensure, renderer };
}
