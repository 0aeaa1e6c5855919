import type { CommandProps, Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, Selection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import {
  __insertCells as insertCells,
  __pastedCells as pastedCells,
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  CellSelection,
  columnResizing,
  columnResizingPluginKey,
  deleteCellSelection,
  deleteColumn,
  deleteRow,
  deleteTable,
  fixTables,
  goToNextCell,
  isInTable,
  mergeCells,
  selectedRect,
  setCellAttr,
  TableMap,
  tableEditing,
  toggleHeader,
} from '@tiptap/pm/tables';
import type { EditorView } from '@tiptap/pm/view';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { TableLimits } from '@shared/limits';
import {
  canRun,
  runTableCommand,
  splitCellHorizontally,
  splitCellVertically,
  toggleCellClass,
  toggleTableClass,
} from './table-commands';
import { currentTable, tableSlotKey, tableStep } from './table-state';
import { PercentTableView } from './table-view';
import { registerPluginLate } from '../../editor/core/dom-selection';
import { tellNoTable } from './table-alert';

/*
 * Table editing, loaded when a table is first there to edit (table-loader.ts): prosemirror-tables' plugins
 * (cell selection, column resizing, fixing), the keyboard, the paste into selected cells and the commands
 * of the table toolbar.
 */

export { TableOverlay } from './table.overlay';
export { TableGrid } from './table-size-grid';

/** Whether a pasted slice holds table cells (a table, rows or cells copied from one). */
export function sliceHasTable(slice: Slice): boolean {
  let found = false;
  slice.content.descendants((node) => {
    if (found) return false;
    const role: unknown = node.type.spec.tableRole;
    if (role === 'table' || role === 'row' || role === 'cell' || role === 'header_cell') found = true;
    return !found;
  });
  return found;
}

/** Empties the selected cells (each keeps one empty paragraph); false without a cell selection. */
export function clearSelectedCells(state: EditorState, dispatch?: (tr: Transaction) => void): boolean {
  if (!(state.selection instanceof CellSelection)) return false;
  return deleteCellSelection(state, dispatch);
}

/** Pixel width of every column of the table at `tablePos`, as laid out now (for columns without a stored width). */
function measureColumns(view: EditorView, tablePos: number, table: ProseMirrorNode): number[] {
  const map = TableMap.get(table);
  const widths: number[] = Array.from({ length: map.width }, () => 0);
  for (let col = 0; col < map.width; col++) {
    for (let row = 0; row < map.height; row++) {
      const cellPos = map.map[row * map.width + col];
      if (cellPos === undefined) continue;
      const cell = table.nodeAt(cellPos);
      if (!cell || cell.attrs.colspan !== 1) continue;
      const dom = view.nodeDOM(tablePos + 1 + cellPos);
      if (dom instanceof HTMLElement) widths[col] = Math.round(dom.getBoundingClientRect().width);
      break;
    }
  }
  const known = widths.filter((w) => w > 0);
  const fallback = known.length > 0 ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : 100;
  return widths.map((w) => Math.max(TableLimits.resizeLimitPx, w > 0 ? w : fallback));
}

function stopUndoCapturing(state: EditorState): void {
  const undo: unknown = yUndoPluginKey.getState(state);
  if (typeof undo === 'object' && undo !== null && 'undoManager' in undo) {
    (undo as { undoManager: { stopCapturing?: () => void } }).undoManager.stopCapturing?.();
  }
}

interface PendingResize {
  tablePos: number;
  widths: number[];
}

const resizeWidthsKey = new PluginKey('tableResizeWidths');

/**
 * A drag of a column border stores one column's width; the table renders widths as shares of its width,
 * so the drop also stores the measured widths of the columns that had none, in the same transaction (one
 * undo step, one collaborative change) — the other columns keep the size they had on screen.
 */
function resizeWidthsPlugin(): Plugin {
  let pending: PendingResize | null = null;
  return new Plugin({
    key: resizeWidthsKey,
    props: {
      handleDOMEvents: {
        mousedown(view) {
          pending = null;
          const handle = (columnResizingPluginKey.getState(view.state) as { activeHandle?: number } | undefined)
            ?.activeHandle;
          if (handle === undefined || handle < 0) return false;
          const $cell = view.state.doc.resolve(handle);
          const table = $cell.node(-1);
          const tablePos = $cell.before(-1);
          pending = { tablePos, widths: measureColumns(view, tablePos, table) };
          // One drag = one undo step: close the group now and once the drop is applied.
          stopUndoCapturing(view.state);
          view.root.addEventListener('mouseup', () => setTimeout(() => stopUndoCapturing(view.state), 0), {
            once: true,
          });
          return false;
        },
      },
    },
    appendTransaction(transactions, oldState, newState) {
      const dragging = (columnResizingPluginKey.getState(oldState) as { dragging?: unknown } | undefined)?.dragging;
      if (!pending || !dragging || !transactions.some((tr) => tr.docChanged)) return null;
      let tablePos = pending.tablePos;
      for (const tr of transactions) tablePos = tr.mapping.map(tablePos);
      const widths = pending.widths;
      pending = null;
      const table = newState.doc.nodeAt(tablePos);
      if (!table || table.type.spec.tableRole !== 'table') return null;
      const map = TableMap.get(table);
      if (map.width !== widths.length) return null;
      const tr = newState.tr;
      for (const cellPos of new Set(map.map)) {
        const cell = table.nodeAt(cellPos);
        if (!cell) continue;
        const colspan = cell.attrs.colspan as number;
        const first = map.colCount(cellPos);
        const stored = Array.isArray(cell.attrs.colwidth) ? (cell.attrs.colwidth as number[]) : [];
        const colwidth = Array.from({ length: colspan }, (_, i) => stored[i] || widths[first + i] || 0);
        if (colwidth.every((w, i) => w === stored[i])) continue;
        tr.setNodeMarkup(tablePos + 1 + cellPos, null, { ...cell.attrs, colwidth });
      }
      return tr.docChanged ? tr : null;
    },
  });
}

/**
 * The insert stage of the paste pipeline, while cells are selected: a table fills the cells from the top-left
 * one (growing the table when needed); anything else is refused with a message and changes nothing
 * (FROALA-REFERENCE §27).
 */
export function pasteIntoCells(editor: Editor, view: EditorView, slice: Slice): boolean {
  const { selection } = view.state;
  if (!(selection instanceof CellSelection)) return false;
  const cells = sliceHasTable(slice) ? pastedCells(slice) : null;
  if (!cells) {
    tellNoTable(editor);
    return true;
  }
  const start = selection.$anchorCell.start(-1);
  const map = TableMap.get(selection.$anchorCell.node(-1));
  const { left, top } = map.rectBetween(selection.$anchorCell.pos - start, selection.$headCell.pos - start);
  const rect = { left, top, right: left + cells.width, bottom: top + cells.height };
  insertCells(view.state, view.dispatch, start, rect, cells);
  return true;
}

/**
 * At the edge of a table that starts (ends) the document, an arrow key that would go nowhere leaves the
 * table into a new paragraph: from the first row's first line upwards (or the first position leftwards),
 * from the last row's last line downwards (or the last position rightwards).
 */
function leaveTable(editor: Editor, key: 'up' | 'left' | 'down' | 'right'): boolean {
  const { state, view } = editor;
  const { selection } = state;
  if (!selection.empty || !isInTable(state)) return false;
  const { $from } = selection;
  let depth = $from.depth;
  while (depth > 0 && $from.node(depth).type.spec.tableRole !== 'table') depth--;
  if (depth !== 1) return false;
  const before = key === 'up' || key === 'left';
  const tableStart = $from.before(depth);
  const tableEnd = $from.after(depth);
  if (before ? tableStart !== 0 : tableEnd !== state.doc.content.size) return false;
  const edge = before
    ? Selection.findFrom(state.doc.resolve(tableStart + 1), 1, true)
    : Selection.findFrom(state.doc.resolve(tableEnd - 1), -1, true);
  if (key === 'left' || key === 'right') {
    if (!edge || edge.from !== $from.pos) return false;
  } else {
    const rect = selectedRect(state);
    const inEdgeRow = before ? rect.top === 0 : rect.bottom === rect.map.height;
    const cell = $from.node(depth + 2);
    const inEdgeBlock = before ? $from.index(depth + 2) === 0 : $from.index(depth + 2) === cell.childCount - 1;
    if (!inEdgeRow || !inEdgeBlock || !view.endOfTextblock(key)) return false;
  }
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph) return false;
  const at = before ? tableStart : tableEnd;
  const tr = state.tr.insert(at, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView();
  view.dispatch(tr);
  return true;
}

type StateCommand = (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean;

/** A prosemirror-tables command as a Tiptap command (its state and dispatch follow the chain). */
const step =
  (command: StateCommand) =>
  ({ state, dispatch }: CommandProps): boolean =>
    command(state, dispatch);

/**
 * A row or column deletion that keeps the caret in the table: prosemirror-tables leaves the selection where
 * the mapping puts it, which after the last row or column is below the table.
 */
const keepingCaretInTable =
  (command: StateCommand) =>
  ({ state, dispatch }: CommandProps): boolean => {
    const table = currentTable(state);
    return command(
      state,
      dispatch &&
        ((tr: Transaction) => {
          if (table) {
            const pos = tr.mapping.map(table.pos);
            const node = tr.doc.nodeAt(pos);
            const { $from } = tr.selection;
            let inside = false;
            for (let d = $from.depth; d > 0; d--) {
              if ($from.node(d).type.spec.tableRole === 'table') {
                inside = $from.before(d) === pos;
                break;
              }
            }
            if (!inside && node) tr.setSelection(TextSelection.near(tr.doc.resolve(pos + node.nodeSize - 1), -1));
          }
          dispatch(tr);
        }),
    );
  };

/** Tab: the next cell, or a new row after the last one. Shift+Tab: the previous cell. */
function nextCell(editor: Editor, direction: 1 | -1): boolean {
  if (editor.commands.command(step(goToNextCell(direction)))) return true;
  if (direction === -1 || !editor.can().command(step(addRowAfter))) return false;
  return editor
    .chain()
    .command(step(addRowAfter))
    .command(step(goToNextCell(1)))
    .run();
}

export type TableKey =
  'Tab' | 'Shift-Tab' | 'Backspace' | 'Delete' | 'ArrowUp' | 'ArrowLeft' | 'ArrowDown' | 'ArrowRight';

/** The table's keyboard (the extension's keymap calls these once they are loaded). */
export const keys: Record<TableKey, (editor: Editor) => boolean> = {
  Tab: (editor) => nextCell(editor, 1),
  'Shift-Tab': (editor) => nextCell(editor, -1),
  // Several selected cells are emptied, not deleted (also when every cell is selected).
  Backspace: (editor) => clearSelectedCells(editor.state, editor.view.dispatch),
  Delete: (editor) => clearSelectedCells(editor.state, editor.view.dispatch),
  ArrowUp: (editor) => leaveTable(editor, 'up'),
  ArrowLeft: (editor) => leaveTable(editor, 'left'),
  ArrowDown: (editor) => leaveTable(editor, 'down'),
  ArrowRight: (editor) => leaveTable(editor, 'right'),
};

/** A toolbar command: focus, then the change, as one undo step. */
const toolbarCommand = (editor: Editor, command: (props: CommandProps) => boolean): boolean =>
  tableStep(editor, (x) => x.chain().focus().command(command).run());

export type TableAction =
  | 'headerRow'
  | 'headerColumn'
  | 'rowAbove'
  | 'rowBelow'
  | 'deleteRow'
  | 'columnBefore'
  | 'columnAfter'
  | 'deleteColumn'
  | 'merge'
  | 'splitVertical'
  | 'splitHorizontal'
  | 'remove';

/** The table toolbar's commands. */
export const actions: Record<TableAction, (editor: Editor) => boolean> = {
  headerRow: (e) => toolbarCommand(e, step(toggleHeader('row'))),
  headerColumn: (e) => toolbarCommand(e, step(toggleHeader('column'))),
  rowAbove: (e) => toolbarCommand(e, step(addRowBefore)),
  rowBelow: (e) => toolbarCommand(e, step(addRowAfter)),
  deleteRow: (e) => toolbarCommand(e, keepingCaretInTable(deleteRow)),
  columnBefore: (e) => toolbarCommand(e, step(addColumnBefore)),
  columnAfter: (e) => toolbarCommand(e, step(addColumnAfter)),
  deleteColumn: (e) => toolbarCommand(e, keepingCaretInTable(deleteColumn)),
  merge: (e) => runTableCommand(e, mergeCells),
  splitVertical: (e) => runTableCommand(e, splitCellVertically),
  splitHorizontal: (e) => runTableCommand(e, splitCellHorizontally),
  remove: (e) => toolbarCommand(e, step(deleteTable)),
};

/** Whether a toolbar command can run now (the Cell menu's entries). */
export const can: Partial<Record<TableAction, (editor: Editor) => boolean>> = {
  merge: (e) => canRun(e, mergeCells),
  splitVertical: (e) => canRun(e, splitCellVertically),
  splitHorizontal: (e) => canRun(e, splitCellHorizontally),
};

/** Sets (or with null removes) an attribute of the selected cells. */
export function setCellAttribute(editor: Editor, name: string, value: unknown): boolean {
  return toolbarCommand(editor, step(setCellAttr(name, value)));
}

/** Toggles a configured style on the table or on the selected cells. */
export function toggleStyle(editor: Editor, target: 'table' | 'cells', token: string): boolean {
  return runTableCommand(editor, target === 'table' ? toggleTableClass(token) : toggleCellClass(token));
}

/**
 * Adds the table plugins to the editor, where the table extension's own would have been (right after its
 * slot plugin, so that they see keys and pastes in the same order as before), then fixes any table that
 * came in malformed before them (what the table plugin does for every change once it is there).
 */
export function register(editor: Editor): void {
  if (editor.isDestroyed || editor.storage.table.registered) return;
  editor.storage.table.registered = true;
  const plugins = [
    resizeWidthsPlugin(),
    // As before: resizing only in an editor made editable (a viewer's never is).
    ...(editor.options.editable
      ? [
          columnResizing({
            handleWidth: 5,
            cellMinWidth: TableLimits.resizeLimitPx,
            defaultCellMinWidth: TableLimits.resizeLimitPx,
            View: PercentTableView,
            lastColumnResizable: false,
          }),
        ]
      : []),
    tableEditing({ allowTableNodeSelection: false }),
  ];
  const [first] = plugins;
  if (!first) return;
  registerPluginLate(editor, first, (_plugin, current) => {
    const slot = current.findIndex((plugin) => plugin.spec.key === tableSlotKey);
    const at = slot >= 0 ? slot + 1 : current.length;
    return [...current.slice(0, at), ...plugins, ...current.slice(at)];
  });
  const fix = fixTables(editor.state);
  if (fix) editor.view.dispatch(fix.setMeta('addToHistory', false));
}
