import { ASCENT, DESCENT } from './fonts';
import type { Line, Piece } from './inline';

/** Drawing of one measured line: backgrounds, text on its baseline, decorations and link areas. */

const LINK_COLOR = '#1155CC';
const CODE_BACKGROUND = '#F0F0F0';
const TEXT_COLOR = '#000000';

/** Consecutive pieces drawn alike (one text operation when nothing is justified). */
interface Run {
  pieces: Piece[];
  x: number;
  width: number;
}

function sameLook(a: Piece, b: Piece): boolean {
  return a.font === b.font && a.size === b.size && a.rise === b.rise && a.style === b.style && !a.box && !b.box;
}

/** Where the line starts and how much each space grows (justification). */
function placement(line: Line, x: number, width: number): { start: number; extra: number } {
  const free = Math.max(0, width - line.width);
  switch (line.align) {
    case 'right':
      return { start: x + free, extra: 0 };
    case 'center':
      return { start: x + free / 2, extra: 0 };
    case 'justify': {
      const spaces = line.pieces.filter((p) => p.space).length;
      return { start: x, extra: line.last || spaces === 0 ? 0 : free / spaces };
    }
    default:
      return { start: x, extra: 0 };
  }
}

function runsOf(line: Line, start: number, extra: number): Run[] {
  const runs: Run[] = [];
  let cursor = start;
  for (const piece of line.pieces) {
    const width = piece.width + (piece.space ? extra : 0);
    const last = runs[runs.length - 1];
    const previous = last?.pieces[last.pieces.length - 1];
    if (last && previous && sameLook(previous, piece)) {
      last.pieces.push(piece);
      last.width += width;
    } else runs.push({ pieces: [piece], x: cursor, width });
    cursor += width;
  }
  return runs;
}

function drawRun(doc: PDFKit.PDFDocument, run: Run, baseline: number, extra: number): void {
  const first = run.pieces[0];
  if (!first) return;
  if (first.box) {
    first.box.draw(doc, run.x, baseline - first.box.height);
    return;
  }
  const { style, size, rise } = first;
  const y = baseline - rise;
  const top = y - size * ASCENT;
  const height = size * (ASCENT + DESCENT);
  const background = style.background ?? (style.code ? CODE_BACKGROUND : null);
  if (background) doc.save().rect(run.x, top, run.width, height).fill(background).restore();
  const color = style.color ?? (style.link ? LINK_COLOR : TEXT_COLOR);
  doc.font(first.font).fontSize(size).fillColor(color);
  if (extra === 0) {
    doc.text(run.pieces.map((p) => p.text).join(''), run.x, y, { lineBreak: false, baseline: 'alphabetic' });
  } else {
    let x = run.x;
    for (const piece of run.pieces) {
      if (!piece.space) doc.text(piece.text, x, y, { lineBreak: false, baseline: 'alphabetic' });
      x += piece.width + (piece.space ? extra : 0);
    }
  }
  const thickness = Math.max(0.5, size / 16);
  const rule = (at: number): void => {
    doc
      .save()
      .lineWidth(thickness)
      .strokeColor(color)
      .moveTo(run.x, at)
      .lineTo(run.x + run.width, at)
      .stroke()
      .restore();
  };
  if (style.underline || style.link) rule(y + size * 0.12);
  if (style.strike) rule(y - size * 0.3);
  if (style.link) doc.link(run.x, top, run.width, height, style.link);
}

/** Draws a line whose top is at `top`, in a column starting at `x` of `width` points. */
export function drawLine(doc: PDFKit.PDFDocument, line: Line, x: number, top: number, width: number): void {
  const { start, extra } = placement(line, x, width);
  const baseline = top + line.baseline;
  for (const run of runsOf(line, start, extra)) drawRun(doc, run, baseline, extra);
}
