import type { Editor } from '@tiptap/core';

/** The part of ProseMirror's view that reads pending DOM changes (not in its typings). */
interface WithObserver {
  domObserver?: { flush?: () => void };
}

/**
 * Reads a selection the browser changed but ProseMirror has not read yet. ProseMirror learns of a keyboard
 * selection (Shift+Arrow) from the next `selectionchange` event; a toolbar click that comes first would
 * format the old selection. Called when a toolbar is pressed, before any of its commands run.
 */
export function syncSelectionFromDom(editor: Editor): void {
  if (editor.isDestroyed) return;
  (editor.view as unknown as WithObserver).domObserver?.flush?.();
}
