import type { Node as PmNode } from '@tiptap/pm/model';
import { FormNodeName } from '@shared/document/model/form-model';
import { formLines } from '@shared/document/html/form-html';
import { embedCardAsQuote } from '@shared/document/model/embed-card-readable';
import { bulletStyleOf, listStart, numberLabel, numberStyleOf } from '../render/lists';
import {
  alignOf,
  BODY_PT,
  headingPt,
  parseLineHeight,
  plainStyle,
  type Align,
  type RelativeSize,
  type RunStyle,
} from '../render/style';
import { drawLine } from './draw-line';
import { fontId } from './fonts';
import { layoutLines, type Line } from './inline';
import { inlinesOf, type Column, type PdfContext } from './inlines';
import type { Item } from './items';
import { tableItems } from './table';

/** Block nodes of the model as flow items: text blocks line by line, lists, quotes, code, rules, tables. */

const PARAGRAPH_GAP = 6;
const LIST_INDENT = 22;
const QUOTE_INDENT = 14;
const QUOTE_BAR = '#CCCCCC';
const CODE_FILL = '#F5F5F5';
const CODE_PAD = 6;
const CODE_PT = 9.5;

interface TextBlock {
  size: number;
  base: RunStyle;
  align: Align;
  lineHeight: RelativeSize | null;
  /** One item for all its lines, kept with the next block (headings). */
  heading: boolean;
  spaceBefore: number;
}

function lineItem(line: Line, col: Column, size: number, spaceBefore: number): Item {
  return {
    height: line.height,
    spaceBefore,
    baseline: line.baseline,
    size,
    decorations: col.decorations,
    keepWithNext: false,
    header: null,
    draw: (doc, left, top) => drawLine(doc, line, left + col.x, top, col.width),
  };
}

function textItems(node: PmNode, ctx: PdfContext, col: Column, block: TextBlock): Item[] {
  const inlines = inlinesOf(node, ctx, col, block.base, block.size);
  const lines = layoutLines(ctx.doc, inlines, {
    width: col.width,
    size: block.size,
    lineHeight: block.lineHeight,
    align: block.align,
  });
  if (!block.heading) return lines.map((line, i) => lineItem(line, col, block.size, i === 0 ? block.spaceBefore : 0));
  const height = lines.reduce((sum, l) => sum + l.height, 0);
  return [
    {
      height,
      spaceBefore: block.spaceBefore,
      baseline: lines[0]?.baseline ?? 0,
      size: block.size,
      decorations: col.decorations,
      keepWithNext: true,
      header: null,
      draw: (doc, left, top) => {
        let y = top;
        for (const line of lines) {
          drawLine(doc, line, left + col.x, y, col.width);
          y += line.height;
        }
      },
    },
  ];
}

function paragraphLike(node: PmNode, ctx: PdfContext, col: Column, heading: boolean): Item[] {
  const size = heading ? headingPt(node.attrs.level) : BODY_PT;
  return textItems(node, ctx, col, {
    size,
    base: heading ? { ...plainStyle, bold: true } : plainStyle,
    align: alignOf(node.attrs.textAlign) ?? col.align ?? 'left',
    lineHeight: parseLineHeight(node.attrs.lineHeight),
    heading,
    spaceBefore: heading ? size * 0.6 : PARAGRAPH_GAP,
  });
}

function codeItems(node: PmNode, ctx: PdfContext, col: Column): Item[] {
  const fill = { kind: 'fill' as const, x: col.x, width: col.width, color: CODE_FILL };
  const inner: Column = {
    ...col,
    x: col.x + CODE_PAD,
    width: col.width - 2 * CODE_PAD,
    decorations: [...col.decorations, fill],
  };
  const items = textItems(node, ctx, inner, {
    size: CODE_PT,
    base: { ...plainStyle, font: 'mono' },
    align: 'left',
    lineHeight: { factor: 1.35 },
    heading: false,
    spaceBefore: PARAGRAPH_GAP,
  });
  // Padding above the first line and below the last, inside the grey background.
  const pad = (item: Item | undefined, top: boolean): void => {
    if (!item) return;
    const draw = item.draw;
    item.height += CODE_PAD / 2;
    if (top) {
      item.baseline += CODE_PAD / 2;
      item.draw = (doc, left, y) => draw(doc, left, y + CODE_PAD / 2);
    }
  };
  pad(items[0], true);
  pad(items[items.length - 1], false);
  return items;
}

function ruleItem(col: Column): Item {
  return {
    height: 12,
    spaceBefore: PARAGRAPH_GAP,
    baseline: 6,
    size: BODY_PT,
    decorations: col.decorations,
    keepWithNext: false,
    header: null,
    draw: (doc, left, top) => {
      const x = left + col.x;
      doc
        .save()
        .lineWidth(1)
        .strokeColor('#BBBBBB')
        .moveTo(x, top + 6)
        .lineTo(x + col.width, top + 6)
        .stroke()
        .restore();
    },
  };
}

function drawMarker(doc: PDFKit.PDFDocument, marker: string, x: number, baseline: number, size: number): void {
  const r = size * 0.17;
  const cy = baseline - size * 0.3;
  if (marker === 'disc')
    doc
      .save()
      .circle(x - r, cy, r)
      .fill('#000000')
      .restore();
  else if (marker === 'circle')
    doc
      .save()
      .lineWidth(0.7)
      .circle(x - r, cy, r)
      .stroke('#000000')
      .restore();
  else if (marker === 'square')
    doc
      .save()
      .rect(x - 2 * r, cy - r, 2 * r, 2 * r)
      .fill('#000000')
      .restore();
  else {
    doc
      .font(fontId('sans', false, false))
      .fontSize(size)
      .fillColor('#000000');
    doc.text(marker, x - doc.widthOfString(marker), baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
}

function listItems(list: PmNode, ctx: PdfContext, col: Column, ordered: boolean): Item[] {
  const items: Item[] = [];
  const inner: Column = {
    ...col,
    x: col.x + LIST_INDENT,
    width: col.width - LIST_INDENT,
    listDepth: col.listDepth + 1,
  };
  const style = numberStyleOf(list);
  const bullet = bulletStyleOf(list, col.listDepth);
  let n = listStart(list);
  list.forEach((li, _offset, index) => {
    const marker = ordered ? numberLabel(n++, style) : bullet;
    const content = blockItems(li, ctx, inner);
    const first = content[0];
    if (first) {
      const draw = first.draw;
      first.spaceBefore = index === 0 ? PARAGRAPH_GAP : 2;
      first.draw = (doc, left, top) => {
        drawMarker(doc, marker, left + inner.x - 6, top + first.baseline, first.size);
        draw(doc, left, top);
      };
    }
    items.push(...content);
  });
  return items;
}

/** The items of one block node. */
export function blockNodeItems(node: PmNode, ctx: PdfContext, col: Column): Item[] {
  switch (node.type.name) {
    case 'paragraph':
      return paragraphLike(node, ctx, col, false);
    case 'heading':
      return paragraphLike(node, ctx, col, true);
    case 'codeBlock':
      return codeItems(node, ctx, col);
    case FormNodeName:
      return formLines(node).flatMap((line) => paragraphLike(line, ctx, col, false));
    case 'horizontalRule':
      return [ruleItem(col)];
    case 'bulletList':
      return listItems(node, ctx, col, false);
    case 'orderedList':
      return listItems(node, ctx, col, true);
    case 'blockquote': {
      const bar = { kind: 'bar' as const, x: col.x + 4, color: QUOTE_BAR };
      const inner = {
        ...col,
        x: col.x + QUOTE_INDENT,
        width: col.width - QUOTE_INDENT,
        decorations: [...col.decorations, bar],
      };
      return blockItems(node, ctx, inner);
    }
    case 'embedCard': {
      // A readable card: linked title, site and description, address (the picture stays in the HTML export).
      const quote = embedCardAsQuote(node);
      return quote ? blockNodeItems(quote, ctx, col) : [];
    }
    case 'table':
      return tableItems(node, ctx, col, blockItems);
    default:
      // A text block or container a later model adds: its content at least.
      return node.isTextblock ? paragraphLike(node, ctx, col, false) : node.isLeaf ? [] : blockItems(node, ctx, col);
  }
}

/** The items of a node's block children, in order. */
export function blockItems(parent: PmNode, ctx: PdfContext, col: Column): Item[] {
  const items: Item[] = [];
  parent.forEach((child) => {
    items.push(...blockNodeItems(child, ctx, col));
  });
  return items;
}
