import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Editor } from '@tiptap/core';
import { useStore, type Store } from '../../../lib/store';
import './lazy-part.css';

const FOCUSABLE = 'input:not([disabled]), textarea, select, button:not([disabled]), [tabindex="0"], a[href]';

/** A component whose code is a separate chunk, fetched the first time it is rendered. */
export type LazyPart<P extends object> = ComponentType<P> & {
  /** Starts fetching the chunk (e.g. on hover), without rendering anything. */
  preload: () => Promise<unknown>;
};

interface LazyOptions {
  /**
   * Where the loading and error messages go: `inline` inside the surrounding popup (default), or
   * `floating` as a small notice over the page for modals, which have no box of their own yet.
   */
  placement?: 'inline' | 'floating';
}

/**
 * A value from a chunk fetched once: `load()` starts (or joins) the fetch, `loaded()` is the value once
 * it is there. A failed fetch is forgotten, so the next `load()` tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | null } {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load: () => {
      pending ??= load().then(
        (v) => (value = v),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/** The script a failed `import()` asked for, as browsers name it in the error message. */
function failedScriptUrl(error: unknown): string | null {
  const match = /(https?:\/\/[^\s'"?#]+\.m?js)/.exec(error instanceof Error ? error.message : String(error));
  return match?.[1] ?? null;
}

/**
 * An `import()` that can be tried again. Browsers remember a module that failed to load and fail every
 * later `import()` of the same URL at once, so a retry asks for the same file under a fresh query.
 */
export function retryableImport<M>(load: () => Promise<M>): () => Promise<M> {
  let failedUrl: string | null = null;
  let attempt = 0;
  return () => {
    attempt += 1;
    const next = failedUrl ? (import(/* @vite-ignore */ `${failedUrl}?retry=${attempt}`) as Promise<M>) : load();
    return next.catch((error: unknown) => {
      failedUrl = failedScriptUrl(error) ?? failedUrl;
      throw error;
    });
  };
}

/**
 * Loads a component on first use (STYLE: heavy UI is not in the initial bundle). Until its chunk is
 * there a translated "Loading…" status shows; if the chunk cannot be fetched a translated error shows,
 * and the next time the part is rendered (the popup or modal opened again) the fetch is retried.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { placement = 'inline' }: LazyOptions = {},
): LazyPart<P> {
  const chunk = loadOnce(load);
  const fetchPart = chunk.load;

  function Lazy(props: P) {
    const { t } = useTranslation();
    const [state, setState] = useState<{ part: ComponentType<P> } | 'loading' | 'failed'>(() =>
      chunk.loaded() ? { part: chunk.loaded() as ComponentType<P> } : 'loading',
    );
    // The box the loading message sat in: where the focus goes once the part arrives (see below).
    const box = useRef<HTMLElement | null>(null);
    useEffect(() => {
      if (state !== 'loading') return;
      let live = true;
      fetchPart().then(
        (part) => live && setState({ part }),
        (error: unknown) => {
          console.error('[tandem] a part of the editor could not be loaded', error);
          if (live) setState('failed');
        },
      );
      return () => {
        live = false;
      };
    }, [state]);
    useEffect(() => {
      // A popup moved the focus into itself while only the loading message was there: give it to the
      // part's first field or button, as the popup would have done had the part been there at once.
      const container = box.current;
      if (typeof state !== 'object' || !container) return;
      box.current = null;
      // Only when the focus is still on the popup itself: a field that took it (autoFocus) keeps it.
      const active = document.activeElement;
      if (active !== document.body && active !== container) return;
      container.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }, [state]);
    if (typeof state === 'object') {
      const Part = state.part;
      return <Part {...props} />;
    }
    const failed = state === 'failed';
    return (
      <p
        ref={(element) => {
          if (element?.parentElement) box.current = element.parentElement;
        }}
        className={`lazy-part-status lazy-part-${placement}${failed ? ' is-error' : ''}`}
        role={failed ? 'alert' : 'status'}
      >
        {failed ? t('app.loadFailed') : t('app.loading')}
      </p>
    );
  }
  return Object.assign(Lazy, { preload: () => fetchPart().catch(() => undefined) });
}

/**
 * A modal or panel opened through a per-editor flag (editor storage, see open-state.ts) that `openState`
 * picks from the props; its code loads the first time the flag is set. Once loaded it stays mounted (it
 * shows and hides itself as before); while the chunk is missing a floating notice shows, and a failure
 * closes the flag so the next open retries.
 */
export function lazyWhenOpen<P extends object>(
  openState: (props: P) => Store<boolean>,
  load: () => Promise<ComponentType<P>>,
): LazyPart<P> {
  let everLoaded = false;
  const Part = lazyPart(
    () =>
      load().then((component) => {
        everLoaded = true;
        return component;
      }),
    { placement: 'floating' },
  );
  function WhenOpen(props: P) {
    const state = openState(props);
    const open = useStore(state);
    const [failedOnce, setFailedOnce] = useState(false);
    useEffect(() => {
      if (!open || everLoaded) return;
      let live = true;
      Part.preload().then(() => {
        // preload swallows the error: a part still missing means the fetch failed.
        if (live && !everLoaded) {
          setFailedOnce(true);
          state.set(false);
        }
      });
      return () => {
        live = false;
      };
    }, [open, state]);
    if (everLoaded || open) return <Part {...props} />;
    return failedOnce ? <FailedNotice onDismiss={() => setFailedOnce(false)} /> : null;
  }
  return Object.assign(WhenOpen, { preload: Part.preload });
}

/** The floating "could not be loaded" notice, with a button that hides it. */
export function FailedNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="lazy-part-status lazy-part-floating is-error" role="alert">
      {t('app.loadFailed')}{' '}
      <button type="button" className="lazy-part-dismiss" onClick={onDismiss}>
        {t('app.dismiss')}
      </button>
    </p>
  );
}

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

interface IdleOptions {
  /**
   * The part answers the mouse (a hover handle): the first mouse move over the page fetches it at once,
   * and once it is there the last move is replayed, so the pointer that is already waiting gets its answer.
   */
  hover?: boolean;
  /**
   * The editor state in which the part has something to show (a picture selected, the caret in a link):
   * checked on every editor transaction until it holds once, then the chunk is fetched at once instead of
   * waiting for idle time. Must be cheap (it runs per transaction while the part is missing).
   */
  neededWhen?: (editor: Editor) => boolean;
  /**
   * A state in which the part shows only once the author rests in it (the "+" beside an empty block):
   * the chunk is fetched when it has held for NEED_PAUSE_MS, so a line typed into at once fetches nothing.
   */
  neededAfterPause?: (editor: Editor) => boolean;
}

/** How long `neededAfterPause` must hold before its part is fetched (ms). */
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

/** Calls `onNeeded` once `neededWhen` holds for the editor (now or after a later transaction). */
function watchNeed(editor: Editor, neededWhen: (editor: Editor) => boolean, onNeeded: () => void): () => void {
  if (neededWhen(editor)) {
    onNeeded();
    return () => undefined;
  }
  const check = (): void => {
    if (!neededWhen(editor)) return;
    editor.off('transaction', check);
    onNeeded();
  };
  editor.on('transaction', check);
  return () => editor.off('transaction', check);
}

/**
 * The part of a chunk once it is there: `useStart` wires what fetches it (it gets `start`, which may be
 * called any number of times, and returns its cleanup); until the chunk arrives nothing renders.
 */
function usePartOnce<P extends object>(
  chunk: { load: () => Promise<ComponentType<P>>; loaded: () => ComponentType<P> | null },
  wire: (start: () => void) => () => void,
  deps: readonly unknown[],
): { Part: ComponentType<P> } | null {
  const [part, setPart] = useState<{ Part: ComponentType<P> } | null>(() => {
    const loaded = chunk.loaded();
    return loaded ? { Part: loaded } : null;
  });
  useEffect(() => {
    if (part) return;
    let live = true;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      chunk.load().then(
        (Part) => live && setPart({ Part }),
        (error: unknown) => console.error('[tandem] a part of the editor could not be loaded', error),
      );
    };
    const unwire = wire(start);
    return () => {
      live = false;
      unwire();
    };
    // `wire` is remade every render; what it depends on is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, ...deps]);
  return part;
}

/**
 * A part no one needs for the first paint (a hover handle, the popup of a selected picture): its chunk
 * is fetched when the browser is idle after the page shows, and it renders nothing until then. It reads
 * the editor's state when it mounts, so a picture selected before it arrived gets its popup at once;
 * with `neededWhen`, such a selection fetches the chunk at once instead of waiting for the pause.
 * A failed fetch is logged and tried again the next time the part mounts.
 */
export function lazyWhenIdle<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { hover = false, neededWhen, neededAfterPause }: IdleOptions = {},
): LazyPart<P> {
  const chunk = loadOnce(load);
  function Idle(props: P) {
    const lastMove = useRef<{ x: number; y: number } | null>(null);
    // The editor is fixed for an overlay's life: the watch is wired once.
    const part = usePartOnce(
      chunk,
      (start) => {
        const cancel = whenIdle(start);
        const editor = (props as { editor?: Editor }).editor;
        const stopWatching = neededWhen && editor ? watchNeed(editor, neededWhen, start) : () => undefined;
        const stopPause = neededAfterPause && editor ? watchPause(editor, neededAfterPause, start) : () => undefined;
        const onMove = (event: MouseEvent): void => {
          lastMove.current = { x: event.clientX, y: event.clientY };
          start();
        };
        if (hover) window.addEventListener('mousemove', onMove, { passive: true });
        return () => {
          cancel();
          stopWatching();
          stopPause();
          window.removeEventListener('mousemove', onMove);
        };
      },
      [],
    );
    useEffect(() => {
      // The part's own listeners are attached by now (child effects run first).
      const move = lastMove.current;
      if (!part || !move) return;
      lastMove.current = null;
      document
        .elementFromPoint(move.x, move.y)
        ?.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: move.x, clientY: move.y }));
    }, [part]);
    return part ? <part.Part {...props} /> : null;
  }
  return Object.assign(Idle, { preload: () => chunk.load().catch(() => undefined) });
}

/**
 * An overlay whose chunk is fetched when the browser is idle after the page shows or, at once, when
 * `useNeeded` (a hook reading a store: an upload error, a download, a pending question) says it has
 * something to show; it renders nothing until then. Like `lazyWhenIdle`, for needs that are not
 * editor state. A failed fetch is logged and tried again when the need comes back.
 */
export function lazyOnNeed<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useNeeded: (props: P) => boolean,
): LazyPart<P> {
  const chunk = loadOnce(load);
  function OnNeed(props: P) {
    const needed = useNeeded(props);
    const part = usePartOnce(
      chunk,
      (start) => {
        if (needed) start();
        return whenIdle(start);
      },
      [needed],
    );
    return part ? <part.Part {...props} /> : null;
  }
  return Object.assign(OnNeed, { preload: () => chunk.load().catch(() => undefined) });
}
