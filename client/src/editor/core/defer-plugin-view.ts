import { Plugin, type EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { nextFlushDelay } from './use-editor-ui-state';

/**
 * The same plugin, but its view's `update` runs after the frame that shows the change (rAF, then a
 * task), at most once per `minIntervalMs` while changes keep coming (at once after a pause), with the
 * state from before the first skipped update. For work that may lag behind the text, such as
 * publishing this author's caret to the others (which walks the shared document from its start, then
 * dispatches a second transaction and sends an awareness message that the server relays to everyone).
 */
export function deferPluginViewUpdates(plugin: Plugin, minIntervalMs = 0): Plugin {
  const makeView = plugin.spec.view;
  if (!makeView) return plugin;
  /**
   * An update still waiting when ProseMirror re-creates the plugin views (another plugin registered late,
   * e.g. table editing on the first click into a table): the next view of the same editor view runs it.
   */
  const carried = new WeakMap<EditorView, EditorState>();
  /** When the update last ran, per editor view: a re-created plugin view keeps the interval. */
  const lastRuns = new WeakMap<EditorView, number>();
  return new Plugin({
    ...plugin.spec,
    view: (view: EditorView) => {
      const inner = makeView(view);
      let pendingPrev: EditorState | null = null;
      let destroyed = false;
      const update = (current: EditorView, prevState: EditorState): void => {
        if (pendingPrev) return;
        pendingPrev = prevState;
        const run = (): void => {
          const prev = pendingPrev;
          pendingPrev = null;
          lastRuns.set(view, performance.now());
          if (!destroyed && prev && !current.isDestroyed) inner.update?.(current, prev);
        };
        requestAnimationFrame(() =>
          setTimeout(run, nextFlushDelay(performance.now(), lastRuns.get(view) ?? -Infinity, minIntervalMs)),
        );
      };
      const waiting = carried.get(view);
      if (waiting) {
        carried.delete(view);
        update(view, waiting);
      }
      return {
        update,
        destroy: () => {
          destroyed = true;
          if (pendingPrev && !view.isDestroyed) carried.set(view, pendingPrev);
          inner.destroy?.();
        },
      };
    },
  });
}
