import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, Selection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import {
  __insertCells as insertCells,
  __pastedCells as pastedCells,
  CellSelection,
  columnResizingPluginKey,
  deleteCellSelection,
  selectedRect,
  TableMap,
  isInTable,
} from '@tiptap/pm/tables';
import type { EditorView } from '@tiptap/pm/view';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import {
  TableCellModel,
  TableHeaderModel,
  TableModel,
  TableRowModel,
  type TableModelOptions,
} from '@shared/document/table-model';
import { TableLimits } from '@shared/limits';
import { addPasteStep, type PasteStep } from '../../editor/paste-pipeline';
import { PercentTableView } from './table-view';

/** Listeners told when a paste into selected cells held no table (the capability shows its message). */
const noTableListeners = new WeakMap<Editor, () => void>();

export function onPasteWithoutTable(editor: Editor, listener: () => void): () => void {
  noTableListeners.set(editor, listener);
  return () => {
    if (noTableListeners.get(editor) === listener) noTableListeners.delete(editor);
  };
}

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
function pasteIntoCellsStep(editor: Editor): PasteStep {
  return {
    stage: 'insert',
    handle(view, _event, slice) {
      const { selection } = view.state;
      if (!(selection instanceof CellSelection)) return false;
      const cells = sliceHasTable(slice) ? pastedCells(slice) : null;
      if (!cells) {
        noTableListeners.get(editor)?.();
        return true;
      }
      const start = selection.$anchorCell.start(-1);
      const map = TableMap.get(selection.$anchorCell.node(-1));
      const { left, top } = map.rectBetween(selection.$anchorCell.pos - start, selection.$headCell.pos - start);
      const rect = { left, top, right: left + cells.width, bottom: top + cells.height };
      insertCells(view.state, view.dispatch, start, rect, cells);
      return true;
    },
  };
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

function jumpOutOfTable(editor: Editor, to: 'start' | 'end'): boolean {
  const { state, view } = editor;
  if (!isInTable(state)) return false;
  const selection = to === 'start' ? Selection.atStart(state.doc) : Selection.atEnd(state.doc);
  view.dispatch(state.tr.setSelection(selection).scrollIntoView());
  return true;
}

/** The model's table with the editing view, resizing, the table plugin and Froala's keyboard. */
export const TableNode = TableModel.extend({
  addOptions() {
    return {
      ...(this.parent?.() as TableModelOptions),
      resizable: true,
      lastColumnResizable: false,
      allowTableNodeSelection: false,
      View: PercentTableView,
    };
  },
  addKeyboardShortcuts() {
    const clear = (): boolean => clearSelectedCells(this.editor.state, this.editor.view.dispatch);
    return {
      ...this.parent?.(),
      // Several selected cells are emptied, not deleted (also when every cell is selected).
      Backspace: clear,
      Delete: clear,
      'Mod-Backspace': clear,
      'Mod-Delete': clear,
      // The browser's own Ctrl+Home/End stops inside a table's cells: go to the document's ends.
      'Mod-Home': () => jumpOutOfTable(this.editor, 'start'),
      'Mod-End': () => jumpOutOfTable(this.editor, 'end'),
      ArrowUp: () => leaveTable(this.editor, 'up'),
      ArrowLeft: () => leaveTable(this.editor, 'left'),
      ArrowDown: () => leaveTable(this.editor, 'down'),
      ArrowRight: () => leaveTable(this.editor, 'right'),
    };
  },
  onBeforeCreate() {
    addPasteStep(this.editor, pasteIntoCellsStep(this.editor));
  },
  addProseMirrorPlugins() {
    return [resizeWidthsPlugin(), ...(this.parent?.() ?? [])];
  },
});

export { TableCellModel as TableCellNode, TableHeaderModel as TableHeaderNode, TableRowModel as TableRowNode };
