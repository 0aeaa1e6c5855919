import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { CellSelection } from '@tiptap/pm/tables';
import { columnPercentages } from '@shared/document/table-model';
import { createTestEditor } from '../../editor/test-editor';
import { clearSelectedCells } from './table.extension';
import {
  hasHeaderRow,
  splitCellHorizontally,
  splitCellVertically,
  toggleCellClass,
  toggleTableClass,
} from './table-commands';
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
