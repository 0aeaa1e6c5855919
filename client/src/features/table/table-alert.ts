import type { Editor } from '@tiptap/core';

/** The overlay listens for a paste into selected cells that held no table (state in the table's storage). */
export function onPasteWithoutTable(editor: Editor, listener: () => void): () => void {
  const storage = editor.storage.table;
  storage.onNoTable = listener;
  if (storage.missed) {
    storage.missed = false;
    listener();
  }
  return () => {
    if (storage.onNoTable === listener) storage.onNoTable = null;
  };
}

export function tellNoTable(editor: Editor): void {
  const storage = editor.storage.table;
  if (storage.onNoTable) storage.onNoTable();
  else storage.missed = true;
}
