import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode, NodeType, ResolvedPos, Schema } from '@tiptap/pm/model';
import { PluginKey, Selection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';
import { closeUndoGroup } from '../../editor/core/undo-step';

/*
 * What the first paint and the toolbars need to know about tables, read from the schema's `tableRole`s
 * without prosemirror-tables (which the editor loads only when a table is there to edit).
 */

/** The table extension's plugin after which the loaded table plugins go (table-editing.ts). */
export const tableSlotKey = new PluginKey('tableSlot');

const roleOf = (node: ProseMirrorNode): unknown => node.type.spec.tableRole;
const isCell = (node: ProseMirrorNode): boolean => roleOf(node) === 'cell' || roleOf(node) === 'header_cell';

/** Whether the selection's head is inside a table row (prosemirror-tables' `isInTable`). */
export function isInTable(state: EditorState): boolean {
  const { $head } = state.selection;
  for (let d = $head.depth; d > 0; d--) if (roleOf($head.node(d)) === 'row') return true;
  return false;
}

/** A cell selection (prosemirror-tables' CellSelection, told apart without its class). */
export function isCellSelection(selection: Selection): selection is Selection & { $anchorCell: ResolvedPos } {
  return '$anchorCell' in selection;
}

/** The table around the selection, read through the model, with its position. */
export function currentTable(state: EditorState): { node: ProseMirrorNode; pos: number } | null {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (roleOf(node) === 'table') return { node, pos: $from.before(d) };
  }
  return null;
}

/** The cell the selection starts in (the anchor cell of a cell selection, else the cell around the head). */
function anchorCell(state: EditorState): ProseMirrorNode | null {
  const { selection } = state;
  if (isCellSelection(selection)) return selection.$anchorCell.nodeAfter;
  const selected = (selection as Selection & { node?: ProseMirrorNode }).node;
  if (selected && isCell(selected)) return selected;
  const { $head } = selection;
  for (let d = $head.depth; d > 0; d--) if (isCell($head.node(d))) return $head.node(d);
  return null;
}

/** Attributes of the cell the selection starts in, read through the model. */
export function currentCellAttrs(state: EditorState): Record<string, unknown> | null {
  if (!isInTable(state)) return null;
  const cell = anchorCell(state);
  return cell ? readAttrs(cell) : null;
}

/** Whether the first row of the table is a header row (every cell a header cell). */
export function hasHeaderRow(state: EditorState): boolean {
  const row = currentTable(state)?.node.firstChild;
  if (!row || row.childCount === 0) return false;
  let all = true;
  row.forEach((cell) => {
    if (roleOf(cell) !== 'header_cell') all = false;
  });
  return all;
}

/** Whether the first column is a header column (the first cell of every row a header cell). */
export function hasHeaderColumn(state: EditorState): boolean {
  const table = currentTable(state)?.node;
  if (!table || table.childCount === 0) return false;
  let all = true;
  table.forEach((row) => {
    if (row.firstChild ? roleOf(row.firstChild) !== 'header_cell' : true) all = false;
  });
  return all;
}

/** Whether the caret's cell has a cell before it in the table (Shift+Tab has somewhere to go). */
export function hasPreviousCell(state: EditorState): boolean {
  const { $head } = state.selection;
  for (let d = $head.depth; d > 1; d--) {
    if (roleOf($head.node(d - 1)) === 'row') return $head.index(d - 1) > 0 || $head.index(d - 2) > 0;
  }
  return false;
}

/** Whether the transaction brings table nodes into the document (a load, a paste, an insert, a remote change). */
export function bringsTable(tr: Transaction): boolean {
  if (!tr.docChanged) return false;
  return tr.steps.some((step) => {
    const slice = (step as { slice?: { content: ProseMirrorNode['content'] } }).slice;
    if (!slice) return false;
    let found = false;
    slice.content.descendants((node) => {
      if (found) return false;
      if (roleOf(node) !== undefined) found = true;
      // Text blocks hold no tables: their inline content is not walked.
      return !found && !node.isTextblock;
    });
    return found;
  });
}

/** Whether the document holds a table. */
export function hasTable(doc: ProseMirrorNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (roleOf(node) === 'table') found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

/** Runs `change` as one undo step of its own (a toolbar command is never merged with typing around it). */
export function tableStep(editor: Editor, change: (editor: Editor) => boolean): boolean {
  closeUndoGroup(editor);
  const done = change(editor);
  closeUndoGroup(editor);
  return done;
}

function nodeOfRole(schema: Schema, role: string): NodeType | null {
  return Object.values(schema.nodes).find((type) => type.spec.tableRole === role) ?? null;
}

/** A rows × cols table of empty cells (no header row), built from the schema. */
export function emptyTable(schema: Schema, rows: number, cols: number): ProseMirrorNode | null {
  const table = nodeOfRole(schema, 'table');
  const row = nodeOfRole(schema, 'row');
  const cell = nodeOfRole(schema, 'cell');
  if (!table || !row || !cell) return null;
  const cells: ProseMirrorNode[] = [];
  for (let c = 0; c < cols; c++) {
    const filled = cell.createAndFill();
    if (!filled) return null;
    cells.push(filled);
  }
  return table.createChecked(
    null,
    Array.from({ length: rows }, () => row.createChecked(null, cells)),
  );
}

/** Inserts a rows × cols table (100 % wide, equal columns) with the caret in its first cell, as one undo step. */
export function insertTable(editor: Editor, rows: number, cols: number): boolean {
  return tableStep(editor, (e) =>
    e
      .chain()
      .focus()
      .command(({ tr, dispatch }) => {
        const table = emptyTable(tr.doc.type.schema, rows, cols);
        if (!table) return false;
        if (dispatch) {
          const offset = tr.selection.from + 1;
          tr.replaceSelectionWith(table)
            .scrollIntoView()
            .setSelection(TextSelection.near(tr.doc.resolve(offset)));
        }
        return true;
      })
      .run(),
  );
}

/** Ctrl+Home/End in a table: the browser's own stops inside the cells, this goes to the document's ends. */
export function jumpOutOfTable(editor: Editor, to: 'start' | 'end'): boolean {
  const { state, view } = editor;
  if (!isInTable(state)) return false;
  const selection = to === 'start' ? Selection.atStart(state.doc) : Selection.atEnd(state.doc);
  view.dispatch(state.tr.setSelection(selection).scrollIntoView());
  return true;
}
