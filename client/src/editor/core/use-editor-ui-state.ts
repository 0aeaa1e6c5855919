import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';

type Listener = () => void;

interface Ticker {
  listeners: Set<Listener>;
  pending: boolean;
  detach: () => void;
}

/**
 * While changes keep coming (typing), the listeners run at most once per this many ms; a change after a
 * pause still shows one frame later. Status UI lagging a tenth of a second behind a typing burst is not
 * noticed, but rerunning every toolbar question after every keystroke is (a large part of script per key).
 */
export const BUSY_UI_INTERVAL_MS = 120;

/** When the next flush may run: at once after a pause, else `interval` after the previous flush. */
export function nextFlushDelay(now: number, lastFlush: number, interval = BUSY_UI_INTERVAL_MS): number {
  return Math.max(0, lastFlush + interval - now);
}

// Kernel code on the typing path: one ticker per editor, attached only while something listens.
const tickers = new WeakMap<Editor, Ticker>();

/**
 * Runs `listener` after the editor's transactions, once per frame and only after that frame was
 * painted (rAF, then a task): a keystroke's character reaches the screen first, the toolbar's
 * active states follow one frame later instead of delaying it. During a burst of changes the
 * listeners run at most every BUSY_UI_INTERVAL_MS.
 */
function subscribeAfterPaint(editor: Editor, listener: Listener): () => void {
  let ticker = tickers.get(editor);
  if (!ticker) {
    const t: Ticker = { listeners: new Set(), pending: false, detach: () => undefined };
    let lastFlush = -Infinity;
    const flush = (): void => {
      t.pending = false;
      lastFlush = performance.now();
      if (editor.isDestroyed) return;
      for (const l of [...t.listeners]) l();
    };
    const schedule = (): void => {
      if (t.pending) return;
      t.pending = true;
      requestAnimationFrame(() => setTimeout(flush, nextFlushDelay(performance.now(), lastFlush)));
    };
    editor.on('transaction', schedule);
    t.detach = () => editor.off('transaction', schedule);
    tickers.set(editor, t);
    ticker = t;
  }
  const current = ticker;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.detach();
      tickers.delete(editor);
    }
  };
}

/** Structural equality of selector results (plain values, arrays, plain objects), like Tiptap's default. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameValue(ra[k], rb[k]));
}

export interface EditorUiStateOptions<T> {
  editor: Editor;
  selector: (context: { editor: Editor }) => T;
  /** Same value = no re-render (default: structural equality, `sameValue`). */
  equalityFn?: (a: T, b: T) => boolean;
}

/**
 * `useEditorState` for toolbar and status UI, off the typing path: the selector runs after the frame
 * that shows a change, at most once per frame, and the component re-renders only when the value
 * changed. Use Tiptap's `useEditorState` only where a value must be exact within the same frame.
 */
export function useEditorUiState<T>({ editor, selector, equalityFn = sameValue }: EditorUiStateOptions<T>): T {
  const [value, setValue] = useState(() => selector({ editor }));
  const latest = useRef({ selector, equalityFn, value });
  useLayoutEffect(() => {
    latest.current = { selector, equalityFn, value };
  });
  useEffect(() => {
    const update = (): void => {
      const { selector: select, equalityFn: same, value: previous } = latest.current;
      const next = select({ editor });
      if (!same(next, previous)) {
        latest.current.value = next;
        setValue(() => next);
      }
    };
    // The editor may have changed between the first render and this effect.
    update();
    return subscribeAfterPaint(editor, update);
  }, [editor]);
  return value;
}

/**
 * Live text for status UI (counters) written straight into the element, after paint and at most
 * once per frame. No React commit happens while typing: React measures the focused contenteditable's
 * whole selection on every commit, which costs milliseconds on a large document.
 */
export function useEditorUiText(editor: Editor, compute: () => string): (el: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null);
  const latest = useRef(compute);
  useLayoutEffect(() => {
    latest.current = compute;
    // Re-rendered (language, limits): write the current text now.
    if (element.current) element.current.textContent = compute();
  });
  useEffect(
    () =>
      subscribeAfterPaint(editor, () => {
        const el = element.current;
        if (!el) return;
        const text = latest.current();
        if (el.textContent !== text) el.textContent = text;
      }),
    [editor],
  );
  return (el) => {
    element.current = el;
    if (el) el.textContent = latest.current();
  };
}
