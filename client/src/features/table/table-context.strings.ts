import { defaultLabelStrings } from '../../lib/option-labels';

/** English strings of the table toolbar's items: they come with the items (table-context-items.tsx). */
export const tableToolbarStrings = {
  headerRow: 'Table Header',
  headerColumn: 'Header Column',
  remove: 'Remove Table',
  row: 'Row',
  insertRowAbove: 'Insert row above',
  insertRowBelow: 'Insert row below',
  deleteRow: 'Delete row',
  column: 'Column',
  insertColumnBefore: 'Insert column before',
  insertColumnAfter: 'Insert column after',
  deleteColumn: 'Delete column',
  cell: 'Cell',
  mergeCells: 'Merge cells',
  splitVertical: 'Vertical split',
  splitHorizontal: 'Horizontal split',
  cellBackground: 'Cell Background',
  verticalAlign: 'Vertical Align',
  valign: { top: 'Top', middle: 'Middle', bottom: 'Bottom' },
  horizontalAlign: 'Horizontal Align',
  align: { left: 'Align Left', center: 'Align Center', right: 'Align Right', justify: 'Align Justify' },
  tableStyle: 'Table Style',
  cellStyle: 'Cell Style',
  styles: defaultLabelStrings('tableStyles'),
  cellStyles: defaultLabelStrings('tableCellStyles'),
};
