import { Extension, type AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { deleteItems, unbuildableAdded, unbuildableIn } from './unbuildable-content';

interface BindingOptions {
  /** The session's document: what the server sent and this author wrote. */
  shared: Y.Doc | null;
  /** The document the editor binds to: the shared one, or a viewer's own copy of it. */
  bound: Y.Doc | null;
}

interface BindingStorage {
  stops: (() => void)[];
}

/**
 * Keeps the bound document buildable for y-tiptap (content it cannot build is deleted before its
 * observer sees it), and fills a viewer's copy from the shared document, one way only.
 */
const DocumentBinding = Extension.create<BindingOptions, BindingStorage>({
  name: 'documentBinding',

  addOptions() {
    return { shared: null, bound: null };
  },

  addStorage() {
    return { stops: [] };
  },

  onBeforeCreate() {
    const { shared, bound } = this.options;
    if (!shared || !bound) return;
    const { stops } = this.storage;
    if (shared !== bound) {
      Y.applyUpdate(bound, Y.encodeStateAsUpdate(shared), shared);
      const forward = (update: Uint8Array): void => Y.applyUpdate(bound, update, shared);
      shared.on('update', forward);
      stops.push(() => shared.off('update', forward));
    }
    const root = bound.getXmlFragment(YDocKeys.content);
    deleteItems(bound, unbuildableIn(root));
    // Registered before y-tiptap's own deep observer (it binds when the view exists), so it runs first.
    const observer = (events: Y.YEvent<Y.AbstractType<unknown>>[]): void =>
      deleteItems(bound, unbuildableAdded(events, root));
    root.observeDeep(observer);
    stops.push(() => root.unobserveDeep(observer));
  },

  onDestroy() {
    for (const stop of this.storage.stops.splice(0)) stop();
  },
});

interface SyncBinding {
  _forceRerender: () => void;
}

/**
 * y-tiptap draws the whole document anew from Yjs each time its plugin view is created, and ProseMirror
 * creates every plugin view anew whenever a plugin is registered (a bubble menu or the drag handle
 * mounting). For the same view the binding's mapping is still right, so only the first creation draws:
 * a document that was already there when the editor mounted was otherwise drawn three times.
 */
export function drawOncePerView(plugin: Plugin): Plugin {
  const makeView = plugin.spec.view;
  if (plugin.spec.key !== ySyncPluginKey || !makeView) return plugin;
  const drawn = new WeakSet<EditorView>();
  return new Plugin({
    ...plugin.spec,
    view: (view) => {
      const state = ySyncPluginKey.getState(view.state) as { binding?: SyncBinding } | undefined;
      const binding = state?.binding;
      if (!drawn.has(view) || !binding) {
        drawn.add(view);
        return makeView(view);
      }
      const draw = binding._forceRerender;
      binding._forceRerender = () => undefined;
      try {
        return makeView(view);
      } finally {
        binding._forceRerender = draw;
      }
    },
  });
}

const DrawOnceCollaboration = Collaboration.extend({
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map(drawOncePerView);
  },
});

/**
 * Yjs collaboration on the document's content. A read-only editor binds to a private copy that follows
 * the shared document: whatever y-tiptap repairs or re-renders there (it deletes elements it cannot
 * build and writes its view back) stays in this view and never reaches the shared document.
 */
export function collaborationBinding(doc: Y.Doc, readOnly: boolean): AnyExtension[] {
  // Filled and subscribed when an editor is created with it, so an unused copy is only garbage.
  const bound = readOnly ? new Y.Doc() : doc;
  return [
    DocumentBinding.configure({ shared: doc, bound }),
    DrawOnceCollaboration.configure({ document: bound, field: YDocKeys.content }),
  ];
}
