import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { CellSelection, columnResizingPluginKey, tableEditingKey } from '@tiptap/pm/tables';
import { columnPercentages } from '@shared/document/model/table-model';
import { createTestEditor } from '../../testing/test-editor';
import { clearSelectedCells } from './table-editing';
import { bringsTable, hasHeaderRow, hasPreviousCell, insertTable, tableSlotKey } from './table-state';
import { keys } from './table-editing';
import { splitCellHorizontally, splitCellVertically, toggleCellClass, toggleTableClass } from './table-commands';
import { table } from './index';

/** Cells per row of the first table. */
function shape(editor: Editor): number[] {
  const out: number[] = [];
  editor.state.doc.firstChild?.forEach((row) => out.push(row.childCount));
  return out;
}

function firstTable(editor: Editor): ProseMirrorNode {
  const node = editor.state.doc.firstChild;
  if (!node) throw new Error('no table');
  return node;
}

const run = (editor: Editor, command: typeof splitCellVertically): boolean =>
  command(editor.state, (tr) => editor.view.dispatch(tr));

describe('table commands', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  function tableEditor(html: string): Editor {
    editor = createTestEditor(table).editor;
    editor.commands.setContent(html);
    // The caret in the first cell.
    editor.commands.setTextSelection(4);
    return editor;
  }

  it('splits a single cell vertically: a new column the cells above and below span', () => {
    const e = tableEditor(
      '<table><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></table>',
    );
    expect(run(e, splitCellVertically)).toBe(true);
    expect(shape(e)).toEqual([3, 2]);
    expect(e.getHTML()).toContain('<td colspan="2"><p>c</p></td>');
    expect(columnPercentages(firstTable(e))).toHaveLength(3);
  });

  it('splits a single cell horizontally: a new row the other cells of its row span', () => {
    const e = tableEditor(
      '<table><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></table>',
    );
    expect(run(e, splitCellHorizontally)).toBe(true);
    expect(shape(e)).toEqual([2, 1, 2]);
    expect(e.getHTML()).toContain('<td rowspan="2"><p>b</p></td>');
  });

  it('splits a merged cell back one column or row at a time', () => {
    const e = tableEditor('<table><tr><td colspan="2" rowspan="2"><p>m</p></td></tr><tr></tr></table>');
    expect(run(e, splitCellVertically)).toBe(true);
    expect(e.getHTML()).toContain('<td rowspan="2"><p>m</p></td><td rowspan="2"><p></p></td>');
    expect(run(e, splitCellHorizontally)).toBe(true);
    expect(e.getHTML()).toMatch(/<td><p>m<\/p><\/td><td rowspan="2"><p><\/p><\/td><\/tr><tr><td><p><\/p><\/td><\/tr>/);
  });

  it('refuses to split a selection of several cells', () => {
    const e = tableEditor('<table><tr><td><p>a</p></td><td><p>b</p></td></tr></table>');
    e.view.dispatch(
      e.state.tr.setSelection(CellSelection.create(e.state.doc, 2, 2 + (e.state.doc.nodeAt(2)?.nodeSize ?? 0))),
    );
    expect(splitCellVertically(e.state, undefined)).toBe(false);
    expect(splitCellHorizontally(e.state, undefined)).toBe(false);
  });

  it('empties selected cells and keeps the table', () => {
    const e = tableEditor('<table><tr><td><p>a</p></td><td><p>b</p></td></tr></table>');
    e.view.dispatch(
      e.state.tr.setSelection(CellSelection.create(e.state.doc, 2, 2 + (e.state.doc.nodeAt(2)?.nodeSize ?? 0))),
    );
    expect(clearSelectedCells(e.state, (tr) => e.view.dispatch(tr))).toBe(true);
    expect(shape(e)).toEqual([2]);
    expect(e.state.doc.firstChild?.textContent).toBe('');
  });

  it('toggles configured cell and table styles; header row state', () => {
    const e = tableEditor('<table><tr><th><p>h</p></th></tr><tr><td><p>a</p></td></tr></table>');
    expect(hasHeaderRow(e.state)).toBe(true);
    run(e, toggleCellClass('fr-thick'));
    run(e, toggleTableClass('fr-dashed-borders'));
    expect(e.getHTML()).toContain('<table class="fr-dashed-borders"');
    expect(e.getHTML()).toContain('<th class="fr-thick">');
    run(e, toggleCellClass('fr-thick'));
    expect(e.getHTML()).not.toContain('fr-thick');
  });

  it('renders stored widths as percentages of the table', () => {
    const e = tableEditor(
      '<table><tr><td data-colwidth="300"><p>a</p></td><td data-colwidth="100"><p>b</p></td><td><p>c</p></td></tr></table>',
    );
    // The column without a width weighs the average of the others (200): 300/600, 100/600, 200/600.
    expect(columnPercentages(firstTable(e))).toEqual([50, 16.67, 33.33]);
    expect(e.getHTML()).toContain('<col style="width: 50%;">');
  });
});

describe('table editing loaded on need', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  const editing = (e: Editor): boolean => tableEditingKey.getState(e.state) !== undefined;

  it('inserts a table without table editing, which then comes right after the slot plugin', async () => {
    editor = createTestEditor(table).editor;
    const e = editor;
    expect(editing(e)).toBe(false);
    expect(insertTable(e, 2, 3)).toBe(true);
    expect(shape(e)).toEqual([3, 3]);
    expect(e.getHTML()).toContain('<table style="width: 100%;"><colgroup><col style="width: 33.33%;">');
    // The caret is in the first cell.
    expect(e.state.selection.$from.node(-1).type.name).toBe('tableCell');
    expect(e.state.selection.$from.index(1)).toBe(0);
    await vi.waitFor(() => expect(editing(e)).toBe(true));
    const keysInOrder = e.state.plugins.map((p) => p.spec.key);
    const slot = keysInOrder.indexOf(tableSlotKey);
    expect(slot).toBeGreaterThan(0);
    expect(keysInOrder[slot + 2]).toBe(columnResizingPluginKey);
    expect(keysInOrder[slot + 3]).toBe(tableEditingKey);
  });

  it('notices a table the document brings, and Tab moves through the cells, adding a row at the end', async () => {
    editor = createTestEditor(table).editor;
    const e = editor;
    e.commands.setContent('<table><tr><td><p>a</p></td><td><p>b</p></td></tr></table>');
    await vi.waitFor(() => expect(editing(e)).toBe(true));
    e.commands.setTextSelection(4);
    expect(hasPreviousCell(e.state)).toBe(false);
    expect(keys['Shift-Tab'](e)).toBe(false);
    expect(keys.Tab(e)).toBe(true);
    expect(hasPreviousCell(e.state)).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('b');
    expect(keys.Tab(e)).toBe(true);
    expect(shape(e)).toEqual([2, 2]);
  });

  it('tells transactions that bring tables from others', () => {
    editor = createTestEditor(table).editor;
    const e = editor;
    const typing = e.state.tr.insertText('x', 1);
    expect(bringsTable(typing)).toBe(false);
    const node = e.schema.nodeFromJSON({
      type: 'table',
      content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] }],
    });
    expect(bringsTable(e.state.tr.insert(0, node))).toBe(true);
  });
});
