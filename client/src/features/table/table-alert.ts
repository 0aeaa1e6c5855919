import type { Editor } from '@tiptap/core';

/** Listeners told when a paste into selected cells held no table (the overlay shows its message). */
const noTableListeners = new WeakMap<Editor, () => void>();
/** Editors whose message came before their overlay was there: it shows once the overlay listens. */
const missedMessages = new WeakSet<Editor>();

export function onPasteWithoutTable(editor: Editor, listener: () => void): () => void {
  noTableListeners.set(editor, listener);
  if (missedMessages.delete(editor)) listener();
  return () => {
    if (noTableListeners.get(editor) === listener) noTableListeners.delete(editor);
  };
}

export function tellNoTable(editor: Editor): void {
  const listener = noTableListeners.get(editor);
  if (listener) listener();
  else missedMessages.add(editor);
}
