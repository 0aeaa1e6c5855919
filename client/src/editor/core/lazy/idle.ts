import type { Editor } from '@tiptap/core';

/** Prefetching waits for this long without keyboard or pointer input (ms), counted from the page's start too. */
export const PREFETCH_QUIET_MS = 1500;

let lastInput = 0;
let watching = false;
function watchInput(): void {
  if (watching) return;
  watching = true;
  for (const type of ['keydown', 'pointerdown', 'wheel'])
    window.addEventListener(type, noteBusy, { capture: true, passive: true });
}

/** Something the author waits for just happened (input, the document arriving): prefetching waits again. */
export function noteBusy(): void {
  lastInput = performance.now();
}

/** How long to wait before prefetching may start: until `quiet` ms after both the page's start and the last input. */
export function quietDelay(now: number, lastInputAt: number, quiet = PREFETCH_QUIET_MS): number {
  return Math.max(0, Math.max(lastInputAt, 0) + quiet - now, quiet - now);
}

/**
 * Runs `start` once the author pauses (no key, click or scroll, and no document arriving, for
 * PREFETCH_QUIET_MS) and the browser then has an idle moment: prefetched chunks never compete with the
 * document's load or with typing.
 */
export function whenIdle(start: () => void): () => void {
  watchInput();
  let cancelled = false;
  let cancelStep = (): void => undefined;
  const step = (): void => {
    const wait = quietDelay(performance.now(), lastInput);
    if (wait > 0) {
      const timer = setTimeout(step, wait);
      cancelStep = () => clearTimeout(timer);
    } else if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => !cancelled && start(), { timeout: 2000 });
      cancelStep = () => window.cancelIdleCallback(handle);
    } else {
      start();
    }
  };
  step();
  return () => {
    cancelled = true;
    cancelStep();
  };
}

/** How long an `afterPause` need must hold before its part is fetched (ms). */
export const NEED_PAUSE_MS = 400;

/** Calls `onNeeded` once `when` has held for NEED_PAUSE_MS without turning false in between. */
export function watchPause(editor: Editor, when: (editor: Editor) => boolean, onNeeded: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    editor.off('transaction', check);
  };
  const fire = (): void => {
    timer = undefined;
    if (editor.isDestroyed || !when(editor)) return;
    stop();
    onNeeded();
  };
  function check(): void {
    if (!when(editor)) {
      clearTimeout(timer);
      timer = undefined;
    } else timer ??= setTimeout(fire, NEED_PAUSE_MS);
  }
  editor.on('transaction', check);
  check();
  return stop;
}

/** Calls `onNeeded` once `when` holds for the editor (now or after a later transaction). */
export function watchNeed(editor: Editor, when: (editor: Editor) => boolean, onNeeded: () => void): () => void {
  if (when(editor)) {
    onNeeded();
    return () => undefined;
  }
  const check = (): void => {
    if (!when(editor)) return;
    editor.off('transaction', check);
    onNeeded();
  };
  editor.on('transaction', check);
  return () => editor.off('transaction', check);
}
