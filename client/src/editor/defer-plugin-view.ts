import { Plugin, type EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * The same plugin, but its view's `update` runs after the frame that shows the change (rAF, then a
 * task), once per frame with the state from before the first skipped update. For work that may lag a
 * frame behind the text, such as publishing this author's caret to the others (which walks the shared
 * document from its start on every keystroke and then dispatches a second transaction).
 */
export function deferPluginViewUpdates(plugin: Plugin): Plugin {
  const makeView = plugin.spec.view;
  if (!makeView) return plugin;
  return new Plugin({
    ...plugin.spec,
    view: (view: EditorView) => {
      const inner = makeView(view);
      let pendingPrev: EditorState | null = null;
      let destroyed = false;
      return {
        update: (current: EditorView, prevState: EditorState) => {
          if (pendingPrev) return;
          pendingPrev = prevState;
          requestAnimationFrame(() =>
            setTimeout(() => {
              const prev = pendingPrev;
              pendingPrev = null;
              if (!destroyed && prev && !current.isDestroyed) inner.update?.(current, prev);
            }, 0),
          );
        },
        destroy: () => {
          destroyed = true;
          inner.destroy?.();
        },
      };
    },
  });
}
