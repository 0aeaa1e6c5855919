import type { Node as PmNode } from '@tiptap/pm/model';
import {
  BorderStyle,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  VerticalAlignTable,
  WidthType,
  type ITableCellOptions,
} from 'docx';
import { columnPercentages } from '@shared/document/model/table-model';
import { commentThreadsOf } from '@shared/document/model/comment-model';
import { alignOf, hexColor } from '../render/style';
import type { Block, Flow } from './blocks';

/**
 * A table as a Word table: the model's column percentages, merged cells, backgrounds, vertical alignment;
 * its leading header rows repeat on every page and no row is split across pages.
 */

type Layout = (parent: PmNode, flow: Flow) => Block[];

const VALIGN = { top: VerticalAlignTable.TOP, middle: VerticalAlignTable.CENTER, bottom: VerticalAlignTable.BOTTOM };

function cellOf(cell: PmNode, flow: Flow, layout: Layout, percent: number): TableCell {
  const inner: Flow = { ...flow, listLevel: 0, quoteLevel: 0, pending: null, align: alignOf(cell.attrs.textAlign) };
  const comments = flow.ctx.comments;
  const children = comments
    ? comments.inCell(commentThreadsOf(cell.attrs), () => layout(cell, inner))
    : layout(cell, inner);
  const fill = hexColor(cell.attrs.background) ?? (cell.type.name === 'tableHeader' ? 'F2F2F2' : null);
  const valign: unknown = cell.attrs.verticalAlign;
  const options: ITableCellOptions = {
    // Word cannot open a cell without a paragraph.
    children: children.length > 0 ? children : [new Paragraph({})],
    width: { size: percent, type: WidthType.PERCENTAGE },
    columnSpan: Number(cell.attrs.colspan) > 1 ? Number(cell.attrs.colspan) : undefined,
    rowSpan: Number(cell.attrs.rowspan) > 1 ? Number(cell.attrs.rowspan) : undefined,
    shading: fill ? { type: ShadingType.CLEAR, color: 'auto', fill: fill.replace('#', '') } : undefined,
    verticalAlign: valign === 'top' || valign === 'middle' || valign === 'bottom' ? VALIGN[valign] : undefined,
  };
  return new TableCell(options);
}

/** The Word table of a table node. */
export function tableOf(table: PmNode, flow: Flow, layout: Layout): Table {
  flow.pending = null;
  const percents = columnPercentages(table);
  const rows: TableRow[] = [];
  let leading = true;
  table.forEach((row) => {
    let header = row.childCount > 0;
    row.forEach((cell) => {
      if (cell.type.name !== 'tableHeader') header = false;
    });
    leading = leading && header;
    let column = 0;
    const cells: TableCell[] = [];
    row.forEach((cell) => {
      const span = Math.max(1, Number(cell.attrs.colspan) || 1);
      const percent = percents.slice(column, column + span).reduce((a, b) => a + b, 0);
      cells.push(cellOf(cell, flow, layout, percent));
      column += span;
    });
    rows.push(new TableRow({ children: cells, tableHeader: leading || undefined, cantSplit: true }));
  });
  const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
  return new Table({
    rows,
    width: { size: 100, type: WidthType.PERCENTAGE },
    // Twips: the text area is `maxImageWidthPx` CSS pixels of 15 twips.
    columnWidths: percents.map((p) => Math.round((p / 100) * flow.ctx.maxImageWidthPx * 15)),
    borders: {
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
  });
}
