import type { Editor } from '@tiptap/core';

const focusers = new WeakMap<Editor, () => boolean>();

/** The shown context toolbar registers how to move the focus into itself. */
export function onContextToolbarFocusRequest(editor: Editor, focus: () => boolean): () => void {
  focusers.set(editor, focus);
  return () => {
    if (focusers.get(editor) === focus) focusers.delete(editor);
  };
}

/** Moves the focus into the context toolbar shown for the selection (Alt+F10); false when none is shown. */
export function focusContextToolbar(editor: Editor): boolean {
  return focusers.get(editor)?.() ?? false;
}
