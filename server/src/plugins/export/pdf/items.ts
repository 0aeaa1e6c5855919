/**
 * The PDF's flow: the document as a list of measured items (a line, a heading, a table row, a rule), each
 * with its height, drawn one after another and moved to a new page when it does not fit. Quote bars and
 * code backgrounds are decorations of every item they span, so they follow the items across pages.
 */

export type Decoration =
  { kind: 'bar'; x: number; color: string } | { kind: 'fill'; x: number; width: number; color: string };

export interface Item {
  height: number;
  /** Space above the item, dropped at the top of a page. */
  spaceBefore: number;
  /** Distance from the item's top to its first baseline (list markers sit on it). */
  baseline: number;
  /** Font size of the first line (list markers take it). */
  size: number;
  /** Draws the item with its top at `top`; `left` is the column's left edge (the item knows its indent). */
  draw(doc: PDFKit.PDFDocument, left: number, top: number): void;
  decorations: Decoration[];
  /** Never the last item of a page when the next one fits with it (headings). */
  keepWithNext: boolean;
  /** A table's header rows, drawn again above this row when it starts a page. */
  header: Item[] | null;
}

export interface Area {
  left: number;
  top: number;
  bottom: number;
  width: number;
}

function drawDecorations(doc: PDFKit.PDFDocument, item: Item, left: number, top: number, height: number): void {
  for (const d of item.decorations) {
    if (d.kind === 'fill')
      doc
        .save()
        .rect(left + d.x, top, d.width, height)
        .fill(d.color)
        .restore();
    else {
      doc
        .save()
        .lineWidth(2)
        .strokeColor(d.color)
        .moveTo(left + d.x, top)
        .lineTo(left + d.x, top + height)
        .stroke()
        .restore();
    }
  }
}

/** The height of items drawn one after another (the first one's space above not counted). */
export function stackHeight(items: readonly Item[]): number {
  return items.reduce((sum, item, i) => sum + item.height + (i === 0 ? 0 : item.spaceBefore), 0);
}

/** Draws items one after another from `top` without page breaks (a table cell); returns the height used. */
export function drawStack(doc: PDFKit.PDFDocument, items: readonly Item[], left: number, top: number): number {
  let y = top;
  items.forEach((item, i) => {
    const gap = i === 0 ? 0 : item.spaceBefore;
    drawDecorations(doc, item, left, y, gap + item.height);
    item.draw(doc, left, y + gap);
    y += gap + item.height;
  });
  return y - top;
}

/** Height the item needs with the items it keeps with (a heading and what follows it). */
function keptHeight(items: readonly Item[], index: number, gap: number, room: number): number {
  let need = gap;
  for (let i = index; i < items.length; i++) {
    const item = items[i];
    if (!item) break;
    need += item.height + (i === index ? 0 : item.spaceBefore);
    if (!item.keepWithNext) break;
  }
  // A chain taller than a whole page cannot stay together: only the item itself counts then.
  const own = gap + (items[index]?.height ?? 0);
  return need > room ? own : need;
}

/** Lays the items out over pages in `area` (the current page first). */
export function paginate(doc: PDFKit.PDFDocument, items: readonly Item[], area: Area): void {
  const room = area.bottom - area.top;
  let y = area.top;
  items.forEach((item, index) => {
    let gap = y === area.top ? 0 : item.spaceBefore;
    if (y > area.top && y + keptHeight(items, index, gap, room) > area.bottom) {
      doc.addPage();
      y = area.top;
      gap = 0;
      if (item.header && !item.header.includes(item)) {
        y += drawStack(doc, item.header, area.left, y);
      }
    }
    drawDecorations(doc, item, area.left, y, gap + item.height);
    item.draw(doc, area.left, y + gap);
    y += gap + item.height;
  });
}
