import {
  AlignHorizontalJustifyCenter,
  AlignVerticalJustifyCenter,
  Brush,
  Columns3,
  PanelLeft,
  PanelTop,
  Rows3,
  SquareDashed,
  TableCellsMerge,
  Trash2,
} from 'lucide-react';
import type { ToolbarItem } from '../../editor/core/capability';
import { textAlignments, verticalAlignments } from '@shared/document/model/validators';
import { hasHeaderColumn, hasHeaderRow } from './table-state';
import { tableToolbarStrings } from './table-context.strings';

export const strings = { table: tableToolbarStrings };
import {
  CellBackgroundControl,
  cellAttributeMenu,
  commandMenu,
  runTableAction,
  styleMenu,
} from './table-context-controls';

/** The table toolbar's items (index.ts declares the toolbar): fetched with the positioned toolbars. */
export const items: ToolbarItem[] = [
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
];
