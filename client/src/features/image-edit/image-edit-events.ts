import type { Editor } from '@tiptap/core';

type Listener = () => boolean;

const focusers = new WeakMap<Editor, Listener>();

/** The edit popup registers how to move the focus into itself (Alt+F10 on a selected image). */
export function onImagePopupFocusRequest(editor: Editor, focus: Listener): () => void {
  focusers.set(editor, focus);
  return () => {
    if (focusers.get(editor) === focus) focusers.delete(editor);
  };
}

export function requestImagePopupFocus(editor: Editor): boolean {
  return focusers.get(editor)?.() ?? false;
}
