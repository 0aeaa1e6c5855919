import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** The part of ProseMirror's view that reads pending DOM changes (not in its typings). */
interface WithObserver {
  domObserver?: { flush?: () => void };
}

/**
 * Reads a selection the browser changed but ProseMirror has not read yet. ProseMirror learns of a keyboard
 * or mouse selection from the next `selectionchange` event; anything that updates the view before that
 * event (a toolbar click, a plugin registered late, a checker's result) would write the old selection
 * back into the page and undo the user's Shift+Arrow or drag. Call it before building such a transaction.
 */
export function readPendingSelection(view: EditorView): void {
  if (view.isDestroyed) return;
  (view as unknown as WithObserver).domObserver?.flush?.();
}

/** {@link readPendingSelection} for an editor; called when a toolbar is pressed, before its commands run. */
export function syncSelectionFromDom(editor: Editor): void {
  if (editor.isDestroyed) return;
  readPendingSelection(editor.view);
}

type PluginPlacement = Parameters<Editor['registerPlugin']>[1];

/** Adds a plugin after the editor was made (a lazy part), without undoing a selection the user is making. */
export function registerPluginLate(
  editor: Editor,
  plugin: Parameters<Editor['registerPlugin']>[0],
  place?: PluginPlacement,
): void {
  if (editor.isDestroyed) return;
  readPendingSelection(editor.view);
  editor.registerPlugin(plugin, place);
}

/** Removes a plugin added by {@link registerPluginLate}, under the same care. */
export function unregisterPluginLate(editor: Editor, key: Parameters<Editor['unregisterPlugin']>[0]): void {
  if (editor.isDestroyed) return;
  readPendingSelection(editor.view);
  editor.unregisterPlugin(key);
}

/**
 * Every key first reads a selection the browser made but ProseMirror has not heard of: a shortcut or a
 * Backspace right after a quick Shift+Arrow would otherwise act on the selection before it (Mod-K took
 * "ird" of a selected "bird"). Runs before every other key handler.
 */
export const PendingSelectionReader = Extension.create({
  name: 'pendingSelectionReader',
  priority: 10_000,
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pendingSelectionReader'),
        props: {
          handleKeyDown: (view) => {
            readPendingSelection(view);
            return false;
          },
        },
      }),
    ];
  },
});
