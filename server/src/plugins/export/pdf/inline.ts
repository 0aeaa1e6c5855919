import { plainStyle, sizeIn, type Align, type RelativeSize, type RunStyle } from '../render/style';
import { ASCENT, DESCENT, fontId } from './fonts';

/**
 * Line layout of a block's inline content: words measured with the embedded fonts, greedy line breaking,
 * mixed sizes on one baseline, sub/superscript, inline boxes (images), alignment and justification. Lines
 * are measured first and drawn later, so pagination knows every height before anything is drawn.
 */

export interface TextInline {
  kind: 'text';
  text: string;
  style: RunStyle;
}
export interface BreakInline {
  kind: 'break';
}
export interface BoxInline {
  kind: 'box';
  width: number;
  height: number;
  /** On a line of its own, aligned by `align`. */
  block: boolean;
  align: 'left' | 'center' | 'right';
  draw(doc: PDFKit.PDFDocument, x: number, top: number): void;
}
export type Inline = TextInline | BreakInline | BoxInline;

export interface Piece {
  text: string;
  box: BoxInline | null;
  space: boolean;
  width: number;
  size: number;
  font: string;
  style: RunStyle;
  /** Baseline shift upwards (superscript) or downwards (negative, subscript). */
  rise: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
  height: number;
  /** Distance from the line's top to its baseline. */
  baseline: number;
  align: Align;
  /** The paragraph's last line or one ending in a hard break: never justified. */
  last: boolean;
}

export interface LineOptions {
  width: number;
  /** The block's font size in points (what relative sizes refer to). */
  size: number;
  lineHeight: RelativeSize | null;
  align: Align;
}

/** Line height of unstyled text, as a factor of the font size. */
const NORMAL_LINE = 1.25;
const widthCache = new Map<string, number>();

function measure(doc: PDFKit.PDFDocument, font: string, size: number, text: string): number {
  const key = `${font}|${size}|${text}`;
  let width = widthCache.get(key);
  if (width === undefined) {
    // Words repeat; the cache is dropped when large rather than managed.
    if (widthCache.size > 100_000) widthCache.clear();
    width = doc.font(font).fontSize(size).widthOfString(text);
    widthCache.set(key, width);
  }
  return width;
}

/** Inline content as measured pieces (`null` for a hard break). */
function piecesOf(doc: PDFKit.PDFDocument, inlines: readonly Inline[], base: number): Array<Piece | null> {
  const out: Array<Piece | null> = [];
  for (const inline of inlines) {
    if (inline.kind === 'break') out.push(null);
    else if (inline.kind === 'box') {
      out.push({
        text: '',
        box: inline,
        space: false,
        width: inline.width,
        size: base,
        font: '',
        style: plainStyle,
        rise: 0,
      });
    } else {
      const { style } = inline;
      const own = sizeIn(style.size, base);
      const size = style.script ? own * 0.7 : own;
      const rise = style.script === 'sup' ? own * 0.35 : style.script === 'sub' ? -own * 0.15 : 0;
      const font = fontId(style.font, style.bold, style.italic);
      for (const token of inline.text.replace(/\t/g, '    ').split(/(\n| +)/)) {
        if (token === '') continue;
        if (token === '\n') {
          out.push(null);
          continue;
        }
        const space = token.startsWith(' ');
        out.push({ text: token, box: null, space, width: measure(doc, font, size, token), size, font, style, rise });
      }
    }
  }
  return out;
}

/** A word wider than the line, cut into pieces that fit (at least one character each). */
function splitWord(doc: PDFKit.PDFDocument, piece: Piece, width: number): Piece[] {
  const parts: Piece[] = [];
  let current = '';
  for (const char of piece.text) {
    const next = current + char;
    if (current !== '' && measure(doc, piece.font, piece.size, next) > width) {
      parts.push({ ...piece, text: current, width: measure(doc, piece.font, piece.size, current) });
      current = char;
    } else current = next;
  }
  if (current !== '') parts.push({ ...piece, text: current, width: measure(doc, piece.font, piece.size, current) });
  return parts;
}

function finishLine(pieces: Piece[], options: LineOptions, last: boolean, align: Align): Line {
  while (pieces.length > 0 && pieces[pieces.length - 1]?.space) pieces.pop();
  let ascent = 0;
  let descent = 0;
  let largest = 0;
  for (const p of pieces) {
    if (p.box) ascent = Math.max(ascent, p.box.height);
    else {
      ascent = Math.max(ascent, p.size * ASCENT + p.rise);
      descent = Math.max(descent, p.size * DESCENT - p.rise);
      largest = Math.max(largest, p.size);
    }
  }
  if (pieces.every((p) => p.box === null)) {
    // An empty line (empty paragraph, line of spaces) is as tall as the block's text.
    largest = Math.max(largest, options.size);
    ascent = Math.max(ascent, options.size * ASCENT);
    descent = Math.max(descent, options.size * DESCENT);
  }
  const content = ascent + descent;
  const lh = options.lineHeight;
  const wanted = lh && 'pt' in lh ? lh.pt : largest * (lh ? lh.factor : NORMAL_LINE);
  const height = Math.max(content, wanted);
  const width = pieces.reduce((sum, p) => sum + p.width, 0);
  return { pieces, width, height, baseline: (height - content) / 2 + ascent, align, last };
}

/** The lines of a block's inline content in a column of `options.width` points. */
export function layoutLines(doc: PDFKit.PDFDocument, inlines: readonly Inline[], options: LineOptions): Line[] {
  const lines: Line[] = [];
  let current: Piece[] = [];
  let used = 0;
  let pending = 0;
  let afterBlock = false;
  const close = (last: boolean, align = options.align): void => {
    lines.push(finishLine(current, options, last, align));
    current = [];
    used = 0;
    pending = 0;
  };
  for (const piece of piecesOf(doc, inlines, options.size)) {
    if (piece === null) {
      close(true);
      continue;
    }
    if (piece.box?.block) {
      if (current.length > 0) close(true);
      current.push(piece);
      close(true, piece.box.align);
      afterBlock = true;
      continue;
    }
    // Spaces right after an image on its own line would indent the next line.
    if (piece.space && afterBlock) continue;
    afterBlock = false;
    if (piece.space) {
      current.push(piece);
      pending += piece.width;
      continue;
    }
    const parts = !piece.box && piece.width > options.width ? splitWord(doc, piece, options.width) : [piece];
    for (const part of parts) {
      // The spaces before a word that wraps stay at the end of the line before (where they are dropped).
      if (used > 0 && used + pending + part.width > options.width) close(false);
      current.push(part);
      used += pending + part.width;
      pending = 0;
    }
  }
  if (current.length > 0 || lines.length === 0) close(true);
  return lines;
}
