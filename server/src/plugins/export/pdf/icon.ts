import type { Node as PmNode } from '@tiptap/pm/model';
import { LUCIDE_DRAWINGS } from '@shared/document/icons/lucide-drawings';
import { safeShapes } from '@shared/document/icons/icon-svg';
import { readIconAttrs } from '@shared/document/model/icon-model';
import { parseFontSize, sizeIn, type RunStyle } from '../render/style';
import type { BoxInline } from './inline';

/** Lucide draws on a 24-unit square with a 2-unit round stroke. */
const GRID = 24;
const STROKE = 2;

const numbers = (value: string | undefined): number[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** Traces one shape of a drawing into the current path (in the drawing's 24-unit space). */
function trace(doc: PDFKit.PDFDocument, tag: string, a: Readonly<Record<string, string>>): void {
  const n = (name: string): number => Number(a[name] ?? 0) || 0;
  if (tag === 'path' && a.d) doc.path(a.d);
  else if (tag === 'circle') doc.circle(n('cx'), n('cy'), n('r'));
  else if (tag === 'ellipse') doc.ellipse(n('cx'), n('cy'), n('rx'), n('ry'));
  else if (tag === 'rect') doc.roundedRect(n('x'), n('y'), n('width'), n('height'), n('rx') || n('ry'));
  else if (tag === 'line') doc.moveTo(n('x1'), n('y1')).lineTo(n('x2'), n('y2'));
  else if (tag === 'polyline' || tag === 'polygon') {
    const p = numbers(a.points);
    if (p.length < 4) return;
    doc.moveTo(p[0] ?? 0, p[1] ?? 0);
    for (let i = 2; i + 1 < p.length; i += 2) doc.lineTo(p[i] ?? 0, p[i + 1] ?? 0);
    if (tag === 'polygon') doc.closePath();
  }
}

/** An icon as an inline box of the text's size (or its own), drawn as the vector shapes of its set. */
export function iconInline(node: PmNode, style: RunStyle, basePt: number): BoxInline {
  const a = readIconAttrs(node.attrs as Record<string, unknown>);
  const pt = sizeIn(parseFontSize(a.size) ?? style.size, basePt);
  const color = a.color && /^#[0-9a-f]{6}/i.test(a.color) ? a.color.slice(0, 7) : (style.color ?? '#000000');
  const shapes = safeShapes(LUCIDE_DRAWINGS[a.name] ?? []);
  return {
    kind: 'box',
    width: pt,
    height: pt,
    block: false,
    align: 'left',
    draw: (doc, x, top) => {
      doc
        .save()
        .translate(x, top)
        .scale(pt / GRID);
      doc.lineWidth(STROKE).lineCap('round').lineJoin('round').strokeColor(color);
      // Each shape stroked on its own: pdfkit's path state does not carry over between shapes.
      for (const [tag, attrs] of shapes) {
        trace(doc, tag, attrs);
        doc.stroke();
      }
      doc.restore();
    },
  };
}
