import type { Editor } from '@tiptap/core';

// Kernel side tables per editor: the toolbar machinery has no extension of its own to hold them.
// Several may be registered at once (the selection's context toolbar and a suggestion's bubble): each is asked,
// the latest first, so one that re-registers on every caret move cannot shadow another that is shown.
const focusers = new WeakMap<Editor, Array<() => boolean>>();
const fallbacks = new WeakMap<Editor, () => boolean>();
const pending = new WeakSet<Editor>();

/** The shown context toolbar registers how to move the focus into itself. */
export function onContextToolbarFocusRequest(editor: Editor, focus: () => boolean): () => void {
  const list = focusers.get(editor) ?? [];
  list.push(focus);
  focusers.set(editor, list);
  return () => {
    const index = list.indexOf(focus);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0 && focusers.get(editor) === list) focusers.delete(editor);
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
  const list = focusers.get(editor);
  if (!list || list.length === 0) return fallbacks.get(editor)?.() ?? false;
  return [...list].reverse().some((focus) => focus());
}
