import type { Editor } from '@tiptap/core';

// Kernel side tables per editor: the toolbar machinery has no extension of its own to hold them.
const focusers = new WeakMap<Editor, () => boolean>();
const fallbacks = new WeakMap<Editor, () => boolean>();
const pending = new WeakSet<Editor>();

/** The shown context toolbar registers how to move the focus into itself. */
export function onContextToolbarFocusRequest(editor: Editor, focus: () => boolean): () => void {
  focusers.set(editor, focus);
  return () => {
    if (focusers.get(editor) === focus) focusers.delete(editor);
  };
}

/**
 * Until the context toolbars' code has arrived: `focus` answers Alt+F10 (and may leave the request
 * for the toolbar to take with takeFocusRequest once it is there).
 */
export function onContextToolbarFocusFallback(editor: Editor, focus: () => boolean): () => void {
  fallbacks.set(editor, focus);
  return () => {
    if (fallbacks.get(editor) === focus) fallbacks.delete(editor);
  };
}

/** Alt+F10 came before the toolbar's code: the toolbar moves the focus into itself when it mounts. */
export function leaveFocusRequest(editor: Editor): void {
  pending.add(editor);
}

/** Whether a focus request was left for the toolbar (it is then taken). */
export function takeFocusRequest(editor: Editor): boolean {
  return pending.delete(editor);
}

/** Moves the focus into the context toolbar shown for the selection (Alt+F10); false when none is shown. */
export function focusContextToolbar(editor: Editor): boolean {
  const focus = focusers.get(editor) ?? fallbacks.get(editor);
  return focus?.() ?? false;
}
