import type { Editor } from '@tiptap/core';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import { Plugin } from '@tiptap/pm/state';
import {
  TableCellModel,
  TableHeaderModel,
  TableModel,
  TableRowModel,
  type TableModelOptions,
} from '@shared/document/model/table-model';
import { addPasteStep } from '../../editor/core/paste-pipeline';
import {
  needTableEditing,
  tableEditingLoaded,
  tableEditingRequested,
  tableStorage,
  withTableEditing,
} from './table-loader';
import type { TableKey } from './table-editing';
import { bringsTable, hasPreviousCell, isInTable, jumpOutOfTable, tableSlotKey } from './table-state';
import { PercentTableView } from './table-view';

/**
 * What a key does in a table. Once table editing is there, its keyboard; until then (the few ms after a
 * table first needs it) Tab and Shift+Tab wait for it (so the focus never leaves the editor), and the other
 * keys, which only act on a cell selection or at a table's edge, keep their default.
 */
function tableKey(editor: Editor, key: TableKey): boolean {
  const editing = tableEditingLoaded();
  if (editing) {
    needTableEditing(editor);
    return editing.keys[key](editor);
  }
  const waits = key === 'Tab' || (key === 'Shift-Tab' && hasPreviousCell(editor.state));
  if (!waits || !isInTable(editor.state)) return false;
  withTableEditing(editor, (loaded) => loaded.keys[key](editor));
  return true;
}

/** Asks for table editing once the editor has a table to edit. */
function watchForTables(editor: Editor, bringing: boolean): void {
  if (tableEditingRequested(editor)) return;
  if (bringing || isInTable(editor.state)) needTableEditing(editor);
}

/**
 * The model's table with its view (percent column widths, drawn at once) and keyboard; the editing plugins
 * (cell selection, column resizing, paste into cells) come from table-editing.ts when first needed.
 */
export const TableNode = TableModel.extend<TableModelOptions>({
  addStorage: tableStorage,
  addNodeView() {
    return ({ node }) => new PercentTableView(node);
  },
  addKeyboardShortcuts() {
    const key = (name: TableKey) => () => tableKey(this.editor, name);
    return {
      Tab: key('Tab'),
      'Shift-Tab': key('Shift-Tab'),
      Backspace: key('Backspace'),
      Delete: key('Delete'),
      'Mod-Backspace': key('Backspace'),
      'Mod-Delete': key('Delete'),
      // The browser's own Ctrl+Home/End stops inside a table's cells: go to the document's ends.
      'Mod-Home': () => jumpOutOfTable(this.editor, 'start'),
      'Mod-End': () => jumpOutOfTable(this.editor, 'end'),
      ArrowUp: key('ArrowUp'),
      ArrowLeft: key('ArrowLeft'),
      ArrowDown: key('ArrowDown'),
      ArrowRight: key('ArrowRight'),
    };
  },
  onBeforeCreate() {
    const editor = this.editor;
    // A paste into selected cells (a cell selection exists only once table editing is there).
    addPasteStep(editor, {
      stage: 'insert',
      handle: (view, _event, slice) => tableEditingLoaded()?.pasteIntoCells(editor, view, slice) ?? false,
    });
  },
  onTransaction({ transaction }) {
    // Tables this author brings (insert, paste) are edited next; a table already in the document or a
    // co-author's waits for the caret or the pointer (below), or for the idle prefetch.
    if (tableEditingRequested(this.editor)) return;
    watchForTables(this.editor, !isChangeOrigin(transaction) && bringsTable(transaction));
  },
  addProseMirrorPlugins() {
    const editor = this.editor;
    // Marks where the table plugins go once loaded (their order among the other plugins stays as it was).
    return [
      new Plugin({
        key: tableSlotKey,
        props: {
          handleDOMEvents: {
            // The pointer over a table: column resizing and cell selection by dragging are about to be used.
            mouseover: (_view, event) => {
              const target = event.target;
              if (!tableEditingRequested(editor) && target instanceof Element && target.closest('table'))
                needTableEditing(editor);
              return false;
            },
          },
        },
      }),
    ];
  },
});

export { TableCellModel as TableCellNode, TableHeaderModel as TableHeaderNode, TableRowModel as TableRowNode };
