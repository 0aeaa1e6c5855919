import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorView } from '@tiptap/pm/view';
import { LineBreakerLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { findBreakSpot, insertParagraphAt, type TopLevelBlock } from './breakable-blocks';
import './line-breaker.css';

/** Pointer handling runs at most this often (the baseline debounces by 30 ms too). */
const THROTTLE_MS = 30;
/** Vertical probes when the pointer is just above or below the content (the baseline steps 5 px). */
const VERTICAL_PROBES_PX = [0, 5, -5, 10, -10, LineBreakerLimits.offsetPx, -LineBreakerLimits.offsetPx];

interface Marker {
  pos: number;
  top: number;
  left: number;
  width: number;
}

/** The top-level block under a point, probing sideways over empty margin and a little up and down. */
function hoveredBlock(view: EditorView, x: number, y: number, box: DOMRect): TopLevelBlock | null {
  const step = LineBreakerLimits.tagsOffsetPx;
  let probeX = x;
  if (probeX < box.left) probeX += Math.ceil((box.left - probeX) / step) * step;
  else if (probeX > box.right) probeX -= Math.ceil((probeX - box.right) / step) * step;
  probeX = Math.min(Math.max(probeX, box.left + 1), box.right - 1);
  const { doc } = view.state;
  for (const dy of VERTICAL_PROBES_PX) {
    const hit = view.posAtCoords({ left: probeX, top: y + dy });
    if (!hit) continue;
    const $pos = doc.resolve(hit.inside >= 0 ? hit.inside : hit.pos);
    if ($pos.depth > 0) return { index: $pos.index(0), pos: $pos.before(1) };
    // Between top-level blocks: the block after the point, or the last one at the very end.
    const index = $pos.index(0);
    const last = doc.lastChild;
    if (index < doc.childCount) return { index, pos: $pos.pos };
    return last ? { index: doc.childCount - 1, pos: $pos.pos - last.nodeSize } : null;
  }
  return null;
}

function markerAt(view: EditorView, x: number, y: number, area: DOMRect): Marker | null {
  const box = view.dom.getBoundingClientRect();
  const hovered = hoveredBlock(view, x, y, box);
  if (!hovered) return null;
  const spot = findBreakSpot(
    view.state.doc,
    hovered,
    y,
    ({ pos }) => {
      const dom = view.nodeDOM(pos);
      return dom instanceof HTMLElement ? dom.getBoundingClientRect() : null;
    },
    area,
  );
  return spot && { pos: spot.pos, top: spot.y, left: box.left, width: box.width };
}

const sameMarker = (a: Marker | null, b: Marker | null): boolean =>
  a === b || (!!a && !!b && a.pos === b.pos && a.top === b.top && a.left === b.left && a.width === b.width);

/** A line with a "⏎" button between two hard blocks (or a hard block and the document edge). */
export function LineBreakerOverlay({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const [marker, setMarker] = useState<Marker | null>(null);
  const markerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { view } = editor;
    const area = view.dom.closest('.editor-content') ?? view.dom.parentElement;
    if (!(area instanceof HTMLElement)) return undefined;
    let timer = 0;
    let pointer: { x: number; y: number } | null = null;
    let buttonDown = false;
    const onMarker = (target: EventTarget | null): boolean =>
      target instanceof Node && !!markerRef.current?.contains(target);
    // Mirrors whether a marker is shown, so typing (a transaction per key) costs no React update.
    let shown = false;
    const show = (next: Marker | null): void => {
      if (!next && !shown) return;
      shown = !!next;
      setMarker((prev) => (sameMarker(prev, next) ? prev : next));
    };
    const hide = (): void => show(null);

    const update = (): void => {
      timer = 0;
      if (!pointer || buttonDown || !editor.isEditable || editor.isDestroyed) {
        hide();
        return;
      }
      show(markerAt(view, pointer.x, pointer.y, area.getBoundingClientRect()));
    };
    const onMove = (event: MouseEvent): void => {
      if (onMarker(event.target)) return;
      if (event.buttons !== 0) {
        pointer = null;
        hide();
        return;
      }
      pointer = { x: event.clientX, y: event.clientY };
      if (!timer) timer = window.setTimeout(update, THROTTLE_MS);
    };
    const onDown = (event: MouseEvent): void => {
      if (onMarker(event.target)) return;
      buttonDown = true;
      pointer = null;
      hide();
    };
    const onUp = (): void => {
      buttonDown = false;
    };
    const onLeave = (event: MouseEvent): void => {
      if (onMarker(event.relatedTarget)) return;
      pointer = null;
      hide();
    };
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean } }): void => {
      if (transaction.docChanged) hide();
    };

    area.addEventListener('mousemove', onMove);
    area.addEventListener('mousedown', onDown);
    area.addEventListener('mouseleave', onLeave);
    document.addEventListener('mouseup', onUp);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    editor.on('transaction', onTransaction);
    return () => {
      window.clearTimeout(timer);
      area.removeEventListener('mousemove', onMove);
      area.removeEventListener('mousedown', onDown);
      area.removeEventListener('mouseleave', onLeave);
      document.removeEventListener('mouseup', onUp);
      window.removeEventListener('scroll', hide, { capture: true });
      editor.off('transaction', onTransaction);
    };
  }, [editor]);

  if (!marker) return null;
  const label = t('lineBreaker.label');
  return (
    <div ref={markerRef} className="line-breaker" style={{ top: marker.top, left: marker.left, width: marker.width }}>
      <button
        type="button"
        className="line-breaker-button"
        aria-label={label}
        title={label}
        // Keep the editor's focus and selection until the click inserts the paragraph.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          insertParagraphAt(editor, marker.pos);
          setMarker(null);
        }}
      >
        ⏎
      </button>
    </div>
  );
}

export default LineBreakerOverlay;
