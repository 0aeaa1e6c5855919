import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { CellSelection, isInTable, selectedRect, selectionCell, type TableRect } from '@tiptap/pm/tables';
import { currentCellAttrs, currentTable, tableStep } from './table-state';

type Dispatch = ((tr: Transaction) => void) | undefined;

/** Every selected cell (or the caret's cell) as its absolute position and node. */
function selectedCells(state: EditorState): Array<{ pos: number; node: ProseMirrorNode }> {
  const { selection } = state;
  if (selection instanceof CellSelection) {
    const out: Array<{ pos: number; node: ProseMirrorNode }> = [];
    selection.forEachCell((node, pos) => out.push({ node, pos }));
    return out;
  }
  if (!isInTable(state)) return [];
  const $cell = selectionCell(state);
  return $cell.nodeAfter ? [{ pos: $cell.pos, node: $cell.nodeAfter }] : [];
}

/** Toggles one class token on the selected cells: added to all unless the anchor cell has it. */
export function toggleCellClass(token: string) {
  return (state: EditorState, dispatch: Dispatch): boolean => {
    const cells = selectedCells(state);
    if (cells.length === 0) return false;
    const tokensOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(' ').filter(Boolean) : []);
    const remove = tokensOf(currentCellAttrs(state)?.class).includes(token);
    if (dispatch) {
      const tr = state.tr;
      for (const { pos, node } of cells) {
        const tokens = tokensOf(node.attrs.class).filter((t) => t !== token);
        if (!remove) tokens.push(token);
        tr.setNodeMarkup(pos, null, { ...node.attrs, class: tokens.length > 0 ? tokens.join(' ') : null });
      }
      dispatch(tr);
    }
    return true;
  };
}

/** Toggles one table style class on the table around the selection. */
export function toggleTableClass(token: string) {
  return (state: EditorState, dispatch: Dispatch): boolean => {
    const table = currentTable(state);
    if (!table) return false;
    if (dispatch) {
      const current = typeof table.node.attrs.class === 'string' ? table.node.attrs.class.split(' ') : [];
      const next = current.includes(token) ? current.filter((t) => t !== token) : [...current, token];
      dispatch(
        state.tr.setNodeMarkup(table.pos, null, {
          ...table.node.attrs,
          class: next.length > 0 ? next.join(' ') : null,
        }),
      );
    }
    return true;
  };
}

/** The one selected cell (a caret in a cell, or a cell selection of one cell), or null. */
function singleCell(state: EditorState): TableRect | null {
  if (!isInTable(state)) return null;
  const rect = selectedRect(state);
  const pos = rect.map.map[rect.top * rect.map.width + rect.left];
  if (pos === undefined) return null;
  const cell = rect.table.nodeAt(pos);
  if (!cell) return null;
  const spans =
    (cell.attrs.colspan as number) === rect.right - rect.left &&
    (cell.attrs.rowspan as number) === rect.bottom - rect.top;
  return spans ? rect : null;
}

/** Start position (inside the table) of row `index`. */
function rowStart(table: ProseMirrorNode, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += table.child(i).nodeSize;
  return pos;
}

function widthsOf(cell: ProseMirrorNode): number[] | null {
  return Array.isArray(cell.attrs.colwidth) ? (cell.attrs.colwidth as number[]) : null;
}

/**
 * Splits the selected cell into two side by side (Froala's vertical split): a merged cell gives back its
 * last column; a single-column cell gets a new column beside it, which the cells above and below span.
 */
export function splitCellVertically(state: EditorState, dispatch: Dispatch): boolean {
  const rect = singleCell(state);
  if (!rect) return false;
  if (!dispatch) return true;
  const { map, table, tableStart, left, top } = rect;
  const cellPos = map.map[top * map.width + left] as number;
  const cell = table.nodeAt(cellPos) as ProseMirrorNode;
  const colspan = cell.attrs.colspan as number;
  const widths = widthsOf(cell);
  const tr = state.tr;
  let newWidths: number[] | null = null;
  if (colspan > 1) {
    tr.setNodeMarkup(tableStart + cellPos, null, {
      ...cell.attrs,
      colspan: colspan - 1,
      colwidth: widths ? widths.slice(0, colspan - 1) : null,
    });
    newWidths = widths ? [widths[colspan - 1] ?? 0] : null;
  } else {
    const seen = new Set<number>([cellPos]);
    for (let row = 0; row < map.height; row++) {
      const pos = map.map[row * map.width + left] as number;
      if (seen.has(pos)) continue;
      seen.add(pos);
      const other = table.nodeAt(pos) as ProseMirrorNode;
      const otherWidths = widthsOf(other);
      const index = left - map.colCount(pos);
      const nextWidths = otherWidths ? [...otherWidths] : null;
      nextWidths?.splice(index + 1, 0, 0);
      tr.setNodeMarkup(tableStart + pos, null, {
        ...other.attrs,
        colspan: (other.attrs.colspan as number) + 1,
        colwidth: nextWidths,
      });
    }
    const w = widths?.[0];
    if (w) {
      tr.setNodeMarkup(tableStart + cellPos, null, { ...cell.attrs, colwidth: [Math.ceil(w / 2)] });
      newWidths = [Math.floor(w / 2)];
    }
  }
  const created = cell.type.createAndFill({ rowspan: cell.attrs.rowspan, colwidth: newWidths });
  if (!created) return false;
  tr.insert(tableStart + cellPos + cell.nodeSize, created);
  dispatch(tr.scrollIntoView());
  return true;
}

/**
 * Splits the selected cell into two stacked (Froala's horizontal split): a cell spanning rows gives back its
 * last row; a single-row cell gets a new row under it, which the other cells of its row span.
 */
export function splitCellHorizontally(state: EditorState, dispatch: Dispatch): boolean {
  const rect = singleCell(state);
  if (!rect) return false;
  if (!dispatch) return true;
  const { map, table, tableStart, left, top, right } = rect;
  const cellPos = map.map[top * map.width + left] as number;
  const cell = table.nodeAt(cellPos) as ProseMirrorNode;
  const rowspan = cell.attrs.rowspan as number;
  const tr = state.tr;
  const created = cell.type.createAndFill({ colspan: cell.attrs.colspan, colwidth: cell.attrs.colwidth });
  const rowType = table.firstChild?.type;
  if (!created || !rowType) return false;
  if (rowspan > 1) {
    tr.setNodeMarkup(tableStart + cellPos, null, { ...cell.attrs, rowspan: rowspan - 1 });
    // The new cell goes into the cell's last row, before the first cell that starts there further right.
    const row = top + rowspan - 1;
    let at = rowStart(table, row) + table.child(row).nodeSize - 1;
    for (let col = right; col < map.width; col++) {
      const pos = map.map[row * map.width + col] as number;
      if (map.findCell(pos).top === row) {
        at = pos;
        break;
      }
    }
    tr.insert(tableStart + at, created);
  } else {
    const seen = new Set<number>([cellPos]);
    for (let col = 0; col < map.width; col++) {
      const pos = map.map[top * map.width + col] as number;
      if (seen.has(pos)) continue;
      seen.add(pos);
      const other = table.nodeAt(pos) as ProseMirrorNode;
      tr.setNodeMarkup(tableStart + pos, null, { ...other.attrs, rowspan: (other.attrs.rowspan as number) + 1 });
    }
    const after = rowStart(table, top) + table.child(top).nodeSize;
    tr.insert(tableStart + after, rowType.create(null, created));
  }
  dispatch(tr.scrollIntoView());
  return true;
}

/** Runs a state command on the editor as one undo step, focused (toolbar buttons). */
export function runTableCommand(editor: Editor, command: (state: EditorState, dispatch: Dispatch) => boolean): boolean {
  return tableStep(editor, (e) => {
    const done = command(e.state, (tr) => e.view.dispatch(tr));
    e.view.focus();
    return done;
  });
}

/** Whether a state command can run now. */
export function canRun(editor: Editor, command: (state: EditorState, dispatch: Dispatch) => boolean): boolean {
  return command(editor.state, undefined);
}
