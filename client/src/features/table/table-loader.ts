import type { Editor } from '@tiptap/core';
import { chunk as lazyChunk } from '../../editor/core/lazy';

/*
 * Table editing (prosemirror-tables and the table toolbar's commands) is a chunk of its own: the document's
 * first paint needs only the schema and the table view. It is fetched when the browser is idle (the
 * overlay, which then adds it if the document holds a table) or at once when a table is
 * about to be edited: this author inserts or pastes one, the selection or the pointer is in one.
 */

export type TableEditing = typeof import('./table-editing');

const chunk = lazyChunk(() => import('./table-editing'));

/** Fetches the chunk (for the idle prefetch and lazy parts); nothing is added to an editor. */
export const loadTableEditing = chunk.load;

/** The table editing module, once fetched. */
export const tableEditingLoaded = (): TableEditing | null => chunk.loaded();

/** The table node's storage: table editing in this editor, and the "no table in the paste" message. */
export interface TableStorage {
  /** Table editing was asked for (it registers itself once its chunk is there). */
  requested: boolean;
  /** Table editing's plugins are in this editor (table-editing.ts). */
  registered: boolean;
  /** Told when a paste into selected cells held no table (table-alert.ts). */
  onNoTable: (() => void) | null;
  /** That message came before the overlay listened: it shows once it does. */
  missed: boolean;
}

declare module '@tiptap/core' {
  interface Storage {
    table: TableStorage;
  }
}

export const tableStorage = (): TableStorage => ({
  requested: false,
  registered: false,
  onNoTable: null,
  missed: false,
});

/**
 * Adds table editing's plugins to `editor` (once), as soon as the chunk is there. A failed fetch is logged
 * and forgotten: the next need tries again.
 */
export function needTableEditing(editor: Editor): void {
  const storage = editor.storage.table;
  if (storage.requested) return;
  storage.requested = true;
  // Always after the current call stack: the need may be noticed inside a dispatch (a co-author's change),
  // where adding plugins and fixing tables must not happen.
  chunk.load().then(
    (editing) => editing.register(editor),
    (error: unknown) => {
      storage.requested = false;
      console.error('[tandem] table editing could not be loaded', error);
    },
  );
}

/** Whether `editor` already asked for table editing (the cheap check before looking at a transaction). */
export const tableEditingRequested = (editor: Editor): boolean => editor.storage.table.requested;

/** Runs `run` with table editing in `editor`: at once when it is there, else once it is (a few ms later). */
export function withTableEditing(editor: Editor, run: (editing: TableEditing) => void): void {
  needTableEditing(editor);
  const editing = chunk.loaded();
  if (editing) {
    run(editing);
    return;
  }
  chunk.load().then(
    (loaded) => {
      if (editor.isDestroyed) return;
      loaded.register(editor);
      run(loaded);
    },
    () => undefined,
  );
}
