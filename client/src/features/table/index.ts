import { Table } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { TableCellNode, TableHeaderNode, TableNode, TableRowNode } from './table.extension';
import { tableStrings } from './table.i18n';
import { insertTable, isCellSelection } from './table-state';
import { InsertTableControl } from './table.toolbar';
import './table.css';

/**
 * Tables (FROALA-REFERENCE §27): a grid picker up to 10 × 10, quick insert, and a table toolbar for the
 * selected cells (header row and column, rows, columns, merge and split, background, alignments, table and
 * cell styles, remove); column resizing by dragging a border (never under 30 px, stored as percentages),
 * Tab navigation, cell selection by dragging or Shift+arrows, paste into selected cells.
 */
export const table: Capability = {
  name: 'table',
  extensions: (context) => [
    TableNode.configure({ editorOptions: context.options }),
    TableRowNode,
    TableHeaderNode.configure({ editorOptions: context.options }),
    TableCellNode.configure({ editorOptions: context.options }),
  ],
  i18n: tableStrings,
  // The alert of a paste into selected cells, with table editing: fetched at idle time, or at once when
  // cells are selected (the table extension fetches table editing itself when a table needs it).
  Overlay: {
    ui: () => import('./table-overlay-part'),
    preload: { when: (editor) => isCellSelection(editor.state.selection) },
  },
  shortcuts: [
    { keys: 'Tab', labelKey: 'table.nextCell' },
    { keys: 'Shift-Tab', labelKey: 'table.previousCell' },
    { keys: 'Alt-F10', labelKey: 'table.focusToolbar' },
  ],
  toolbar: [
    {
      kind: 'control',
      id: 'insertTable',
      labelKey: 'table.insert',
      icon: Table,
      group: 'insert',
      Component: InsertTableControl,
    },
  ],
  insertItems: [
    {
      id: 'insertTable',
      labelKey: 'table.quickInsert',
      icon: Table,
      keywords: ['table', 'grid', 'tabelle', 'raster'],
      // Quick insert makes a 2 × 2 table, as the baseline's.
      run: (editor) => {
        insertTable(editor, 2, 2);
      },
    },
  ],
  contextToolbars: [
    {
      id: 'table',
      nodeType: 'table',
      labelKey: 'table.toolbar',
      // The items (menus, colour picker, their icons) come with the positioned toolbar, not with the first load.
      items: () => import('./table-context-items'),
    },
  ],
};
