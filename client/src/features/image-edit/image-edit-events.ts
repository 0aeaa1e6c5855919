import type { Editor } from '@tiptap/core';

type Listener = () => boolean;

const focusers = new WeakMap<Editor, Listener>();
/** Alt+F10 pressed before the popup's code was there: the popup takes the focus once it shows. */
const pending = new WeakSet<Editor>();

/** The edit popup registers how to move the focus into itself (Alt+F10 on a selected image). */
export function onImagePopupFocusRequest(editor: Editor, focus: Listener): () => void {
  focusers.set(editor, focus);
  return () => {
    if (focusers.get(editor) === focus) focusers.delete(editor);
  };
}

/**
 * Moves the focus into the popup of the selected image. While the popup is still loading (right after
 * the page opened) the request waits for it, until the selection moves; once the popup is there, a
 * popup that is closed (Escape) lets the key go on to the other handlers.
 */
export function requestImagePopupFocus(editor: Editor): boolean {
  const focus = focusers.get(editor);
  return focus ? focus() : awaitImagePopupFocus(editor);
}

/** Keeps an Alt+F10 for the popup that is about to show (its code is still loading); always true. */
export function awaitImagePopupFocus(editor: Editor): boolean {
  if (pending.has(editor)) return true;
  pending.add(editor);
  const drop = (): void => {
    pending.delete(editor);
    editor.off('selectionUpdate', drop);
    editor.off('destroy', drop);
  };
  editor.on('selectionUpdate', drop);
  editor.on('destroy', drop);
  return true;
}

/** Whether an Alt+F10 is waiting for the popup; the popup calls this once it can take the focus. */
export function takeImagePopupFocusRequest(editor: Editor): boolean {
  if (!pending.has(editor)) return false;
  pending.delete(editor);
  return true;
}
