import type { Node as PmNode } from '@tiptap/pm/model';
import { columnPercentages } from '@shared/document/model/table-model';
import { alignOf, hexColor } from '../render/style';
import type { Column, PdfContext } from './inlines';
import { drawStack, stackHeight, type Item } from './items';

/**
 * Tables as flow items, one per row: columns as the model's percentages of the available width, merged
 * cells, cell backgrounds, borders and vertical alignment. A row stays on one page; a page break inside a
 * table draws its header rows again. A row taller than a page is laid out cell after cell instead.
 */

type Layout = (parent: PmNode, ctx: PdfContext, col: Column) => Item[];

const PAD = 4;
const BORDER = '#999999';
const HEADER_FILL = '#F2F2F2';
const ALTERNATE_FILL = '#F5F5F5';
const TABLE_GAP = 6;

interface Placed {
  x: number;
  width: number;
  items: Item[];
  fill: string | null;
  valign: string | null;
  rowspan: number;
  thick: boolean;
  highlighted: boolean;
}

interface Row {
  cells: Placed[];
  /** Columns covered by a cell merged from a row above: [x, width, fill]. */
  covered: Array<[number, number, string | null]>;
  header: boolean;
}

function strokeBox(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  w: number,
  h: number,
  sides: string,
  dashed: boolean,
): void {
  const [top, right, bottom, left] = [...sides].map((s) => s === '1');
  if (dashed) doc.dash(3, { space: 2 });
  if (top) doc.moveTo(x, y).lineTo(x + w, y);
  if (right) doc.moveTo(x + w, y).lineTo(x + w, y + h);
  if (bottom) doc.moveTo(x, y + h).lineTo(x + w, y + h);
  if (left) doc.moveTo(x, y).lineTo(x, y + h);
  doc.stroke();
  if (dashed) doc.undash();
}

function placeRows(table: PmNode, ctx: PdfContext, col: Column, layout: Layout): Row[] {
  const widths = columnPercentages(table).map((p) => (p / 100) * col.width);
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const remaining = widths.map(() => 0);
  const fills: Array<string | null> = widths.map(() => null);
  const rows: Row[] = [];
  table.forEach((rowNode) => {
    const row: Row = { cells: [], covered: [], header: rowNode.childCount > 0 };
    let c = 0;
    const taken = new Set<number>();
    remaining.forEach((left, i) => {
      if (left > 0) {
        taken.add(i);
        row.covered.push([starts[i] ?? 0, widths[i] ?? 0, fills[i] ?? null]);
      }
    });
    rowNode.forEach((cell) => {
      while (taken.has(c)) c++;
      const span = Math.max(1, Math.min(Number(cell.attrs.colspan) || 1, widths.length - c));
      const width = widths.slice(c, c + span).reduce((a, b) => a + b, 0) || col.width;
      const x = starts[c] ?? 0;
      const isHeader = cell.type.name === 'tableHeader';
      if (!isHeader) row.header = false;
      const classes = typeof cell.attrs.class === 'string' ? cell.attrs.class.split(' ') : [];
      const fill = hexColor(cell.attrs.background) ?? (isHeader ? HEADER_FILL : null);
      const rowspan = Math.max(1, Number(cell.attrs.rowspan) || 1);
      const inner: Column = {
        x: col.x + x + PAD,
        width: Math.max(10, width - 2 * PAD),
        decorations: [],
        align: alignOf(cell.attrs.textAlign),
        listDepth: 0,
      };
      const items = layout(cell, ctx, inner);
      for (let i = c; i < c + span; i++) {
        remaining[i] = rowspan;
        fills[i] = fill;
      }
      const valign = typeof cell.attrs.verticalAlign === 'string' ? cell.attrs.verticalAlign : null;
      row.cells.push({
        x,
        width,
        items,
        fill,
        valign,
        rowspan,
        thick: classes.includes('fr-thick'),
        highlighted: classes.includes('fr-highlighted'),
      });
      c += span;
    });
    for (let i = 0; i < remaining.length; i++) remaining[i] = Math.max(0, (remaining[i] ?? 0) - 1);
    rows.push(row);
  });
  return rows;
}

function rowHeight(row: Row): number {
  const heights = row.cells.map((cell) => (stackHeight(cell.items) + 2 * PAD) / cell.rowspan);
  return Math.max(2 * PAD + 8, ...heights);
}

function rowItem(row: Row, col: Column, height: number, stripe: string | null, dashed: boolean): Item {
  const first = row.cells[0]?.items[0];
  return {
    height,
    spaceBefore: 0,
    baseline: PAD + (first?.baseline ?? 0),
    size: first?.size ?? 11,
    decorations: col.decorations,
    keepWithNext: false,
    header: null,
    draw: (doc, left, top) => {
      const x0 = left + col.x;
      for (const [x, w, fill] of row.covered) {
        if (fill)
          doc
            .save()
            .rect(x0 + x, top, w, height)
            .fill(fill)
            .restore();
        doc.save().lineWidth(0.75).strokeColor(BORDER);
        strokeBox(doc, x0 + x, top, w, height, '0111', dashed);
        doc.restore();
      }
      for (const cell of row.cells) {
        const fill = cell.fill ?? stripe;
        if (fill)
          doc
            .save()
            .rect(x0 + cell.x, top, cell.width, height)
            .fill(fill)
            .restore();
        const content = stackHeight(cell.items);
        const free = Math.max(0, height - content - 2 * PAD);
        const shift = cell.valign === 'middle' ? free / 2 : cell.valign === 'bottom' ? free : 0;
        drawStack(doc, cell.items, left, top + PAD + shift);
        doc
          .save()
          .lineWidth(cell.thick ? 2 : 0.75)
          .strokeColor(cell.highlighted ? '#FF0000' : BORDER);
        strokeBox(doc, x0 + cell.x, top, cell.width, height, cell.rowspan > 1 ? '1101' : '1111', dashed);
        doc.restore();
      }
    },
  };
}

/** The items of a table: a row each (header rows repeat after a page break), or a too tall row's content. */
export function tableItems(table: PmNode, ctx: PdfContext, col: Column, layout: Layout): Item[] {
  const classes = typeof table.attrs.class === 'string' ? table.attrs.class.split(' ') : [];
  const dashed = classes.includes('fr-dashed-borders');
  const rows = placeRows(table, ctx, col, layout);
  const headerCount = rows.findIndex((r) => !r.header);
  const header: Item[] = [];
  const items: Item[] = [];
  rows.forEach((row, index) => {
    const body = index >= headerCount && headerCount !== -1;
    const stripe =
      body && classes.includes('fr-alternate-rows') && (index - headerCount) % 2 === 1 ? ALTERNATE_FILL : null;
    const height = rowHeight(row);
    const headerHeight = stackHeight(header);
    if (height > ctx.pageHeight - headerHeight - TABLE_GAP) {
      // Taller than a page: no row box, the cells' content in the flow one after another.
      for (const cell of row.cells) items.push(...cell.items);
      return;
    }
    const item = rowItem(row, col, height, stripe, dashed);
    if (!body) header.push(item);
    else if (header.length > 0) item.header = header;
    items.push(item);
  });
  if (items[0]) items[0].spaceBefore = TABLE_GAP;
  return items;
}
