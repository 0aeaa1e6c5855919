import {
  AlignHorizontalJustifyCenter,
  AlignVerticalJustifyCenter,
  Brush,
  Columns3,
  PanelLeft,
  PanelTop,
  Rows3,
  SquareDashed,
  Table,
  TableCellsMerge,
  Trash2,
} from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { textAlignments, verticalAlignments } from '@shared/document/model/validators';
import { TableCellNode, TableHeaderNode, TableNode, TableRowNode } from './table.extension';
import { tableStrings } from './table.i18n';
import { hasHeaderColumn, hasHeaderRow, insertTable, isCellSelection } from './table-state';
import {
  CellBackgroundControl,
  cellAttributeMenu,
  commandMenu,
  InsertTableControl,
  runTableAction,
  styleMenu,
} from './table.toolbar';
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
      items: [
        {
          id: 'tableHeaderRow',
          labelKey: 'table.headerRow',
          icon: PanelTop,
          group: 'insert',
          isActive: (editor) => hasHeaderRow(editor.state),
          run: (editor) => runTableAction(editor, 'headerRow'),
        },
        {
          id: 'tableHeaderColumn',
          labelKey: 'table.headerColumn',
          icon: PanelLeft,
          group: 'insert',
          isActive: (editor) => hasHeaderColumn(editor.state),
          run: (editor) => runTableAction(editor, 'headerColumn'),
        },
        {
          kind: 'control',
          id: 'tableRows',
          labelKey: 'table.row',
          icon: Rows3,
          group: 'insert',
          Component: commandMenu(Rows3, [
            {
              id: 'above',
              labelKey: 'table.insertRowAbove',
              action: 'rowAbove',
            },
            {
              id: 'below',
              labelKey: 'table.insertRowBelow',
              action: 'rowBelow',
            },
            {
              id: 'delete',
              labelKey: 'table.deleteRow',
              action: 'deleteRow',
            },
          ]),
        },
        {
          kind: 'control',
          id: 'tableColumns',
          labelKey: 'table.column',
          icon: Columns3,
          group: 'insert',
          Component: commandMenu(Columns3, [
            {
              id: 'before',
              labelKey: 'table.insertColumnBefore',
              action: 'columnBefore',
            },
            {
              id: 'after',
              labelKey: 'table.insertColumnAfter',
              action: 'columnAfter',
            },
            {
              id: 'delete',
              labelKey: 'table.deleteColumn',
              action: 'deleteColumn',
            },
          ]),
        },
        {
          kind: 'control',
          id: 'tableCells',
          labelKey: 'table.cell',
          icon: TableCellsMerge,
          group: 'insert',
          Component: commandMenu(TableCellsMerge, [
            {
              id: 'merge',
              labelKey: 'table.mergeCells',
              action: 'merge',
              guarded: true,
            },
            {
              id: 'splitVertical',
              labelKey: 'table.splitVertical',
              action: 'splitVertical',
              guarded: true,
            },
            {
              id: 'splitHorizontal',
              labelKey: 'table.splitHorizontal',
              action: 'splitHorizontal',
              guarded: true,
            },
          ]),
        },
        {
          kind: 'control',
          id: 'tableCellBackground',
          labelKey: 'table.cellBackground',
          icon: Brush,
          group: 'insert',
          Component: CellBackgroundControl,
        },
        {
          kind: 'control',
          id: 'tableVerticalAlign',
          labelKey: 'table.verticalAlign',
          icon: AlignVerticalJustifyCenter,
          group: 'insert',
          Component: cellAttributeMenu(AlignVerticalJustifyCenter, 'verticalAlign', verticalAlignments, 'table.valign'),
        },
        {
          kind: 'control',
          id: 'tableHorizontalAlign',
          labelKey: 'table.horizontalAlign',
          icon: AlignHorizontalJustifyCenter,
          group: 'insert',
          Component: cellAttributeMenu(AlignHorizontalJustifyCenter, 'textAlign', textAlignments, 'table.align'),
        },
        {
          kind: 'control',
          id: 'tableStyle',
          labelKey: 'table.tableStyle',
          icon: SquareDashed,
          group: 'insert',
          Component: styleMenu(SquareDashed, 'table'),
        },
        {
          kind: 'control',
          id: 'tableCellStyle',
          labelKey: 'table.cellStyle',
          icon: Brush,
          group: 'insert',
          Component: styleMenu(Brush, 'cells'),
        },
        {
          id: 'tableRemove',
          labelKey: 'table.remove',
          icon: Trash2,
          group: 'insert',
          run: (editor) => runTableAction(editor, 'remove'),
        },
      ],
    },
  ],
};
