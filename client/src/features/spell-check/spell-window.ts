import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import type { Range } from './spell-ranges';

/** Top-level blocks checked above and below the visible ones (scrolling a little shows markers at once). */
export const WINDOW_MARGIN_BLOCKS = 40;

/**
 * The top-level blocks from `first - margin` to `last + margin` as a document range. Markers are kept only
 * there: ProseMirror looks up each block's markers one by one on every update, so thousands of marked blocks
 * (a long text in another language) would make each keystroke slow.
 */
export function blockWindow(doc: PMNode, first: number, last: number, margin = WINDOW_MARGIN_BLOCKS): Range {
  const from = Math.max(0, first - margin);
  const to = Math.min(doc.childCount, last + margin + 1);
  let pos = 0;
  let start = 0;
  for (let i = 0; i < to; i++) {
    if (i === from) start = pos;
    pos += doc.child(i).nodeSize;
  }
  return { from: start, to: pos };
}

/** The part of each range inside the window (ranges cover whole blocks, so clipping keeps whole blocks). */
export function clipRanges(ranges: readonly Range[], window: Range): Range[] {
  const out: Range[] = [];
  for (const r of ranges) {
    const from = Math.max(r.from, window.from);
    const to = Math.min(r.to, window.to);
    if (from < to) out.push({ from, to });
  }
  return out;
}

/** The blocks on screen, widened by the margin; the whole document when nothing can be measured. */
export function visibleWindow(view: EditorView): Range {
  const { doc } = view.state;
  const whole = { from: 0, to: doc.content.size };
  const box = view.dom.getBoundingClientRect();
  const top = Math.max(box.top, 0) + 2;
  const bottom = Math.min(box.bottom, window.innerHeight) - 2;
  if (bottom <= top || box.width === 0) return whole;
  const left = box.left + Math.min(24, box.width / 2);
  const at = (y: number): number | null => {
    try {
      return view.posAtCoords({ left, top: y })?.pos ?? null;
    } catch {
      return null;
    }
  };
  const first = at(top);
  const last = at(bottom);
  if (first === null || last === null) return whole;
  return blockWindow(doc, doc.resolve(first).index(0), doc.resolve(last).index(0));
}
