import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Editor } from '@tiptap/core';
import { useStore, type Store } from '../../../lib/store';
import type { Chunk } from './chunk';
import { watchNeed, watchPause, whenIdle } from './idle';
import { FailedNotice, PartBoundary, PartStatus, type Placement } from './part-status';

/*
 * The ways a declared part (part.ts) waits for its chunk. Each takes the chunk of the part's component
 * and returns the component that stands in for it; part.ts picks one by the declaration's `preload`.
 */

/** The component of a part's chunk. */
export type ComponentChunk<P extends object> = Pick<Chunk<ComponentType<P>>, 'load' | 'loaded'>;

const FOCUSABLE = 'input:not([disabled]), textarea, select, button:not([disabled]), [tabindex="0"], a[href]';

const logFailure = (error: unknown): void => console.error('[tandem] a part of the editor could not be loaded', error);

function Loaded<P extends object>({
  Part,
  props,
  placement,
}: {
  Part: ComponentType<P>;
  props: P;
  placement: Placement;
}) {
  return (
    <PartBoundary placement={placement}>
      <Part {...props} />
    </PartBoundary>
  );
}

/**
 * Fetched the first time it is rendered: until the chunk is there a translated "Loading…" status shows;
 * if it cannot be fetched a translated error shows, and the next render (the popup opened again) retries.
 */
export function onRender<P extends object>(code: ComponentChunk<P>, placement: Placement): ComponentType<P> {
  return function OnRender(props: P) {
    const [state, setState] = useState<{ Part: ComponentType<P> } | 'loading' | 'failed'>(() => {
      const Part = code.loaded();
      return Part ? { Part } : 'loading';
    });
    // The box the loading message sat in: where the focus goes once the part arrives (see below).
    const box = useRef<HTMLElement | null>(null);
    useEffect(() => {
      if (state !== 'loading') return;
      let live = true;
      code.load().then(
        (Part) => live && setState({ Part }),
        (error: unknown) => {
          logFailure(error);
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
      // Only when the focus is still on the popup itself (or fell to the page while the popup was
      // re-rendered): a field that took it (autoFocus) keeps it, and a part of the page itself (the home
      // page) moves no focus, which would put a ring on the first link of a page just opened.
      const active = document.activeElement;
      const inPopup = container.closest('[role="dialog"], [role="menu"], [data-radix-popper-content-wrapper]') !== null;
      if (active !== container && !(active === document.body && inPopup)) return;
      container.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }, [state]);
    if (typeof state === 'object') return <Loaded Part={state.Part} props={props} placement={placement} />;
    return (
      <PartStatus failed={state === 'failed'} placement={placement} onBox={(element) => (box.current = element)} />
    );
  };
}

/**
 * A dialog or panel opened through a per-editor flag (editor storage, see open-state.ts): its code loads
 * the first time the flag is set. Once loaded it stays mounted (it shows and hides itself); while the chunk
 * is missing a floating notice shows, and a failure closes the flag so the next open retries.
 */
export function whenOpen<P extends object>(
  code: ComponentChunk<P>,
  openState: (props: P) => Store<boolean>,
): ComponentType<P> {
  const Part = onRender(code, 'floating');
  return function WhenOpen(props: P) {
    const state = openState(props);
    const open = useStore(state);
    const [failedOnce, setFailedOnce] = useState(false);
    useEffect(() => {
      if (!open || code.loaded()) return;
      let live = true;
      code.load().catch(() => {
        if (!live) return;
        setFailedOnce(true);
        state.set(false);
      });
      return () => {
        live = false;
      };
    }, [open, state]);
    if (code.loaded() || open) return <Part {...props} />;
    return failedOnce ? <FailedNotice onDismiss={() => setFailedOnce(false)} /> : null;
  };
}

/**
 * The part of a chunk once it is there: `wire` sets up what fetches it (it gets `start`, which may be
 * called any number of times, and returns its cleanup); until the chunk arrives nothing renders.
 */
function usePartOnce<P extends object>(
  code: ComponentChunk<P>,
  wire: (start: () => void) => () => void,
  deps: readonly unknown[],
): { Part: ComponentType<P> } | null {
  const [part, setPart] = useState<{ Part: ComponentType<P> } | null>(() => {
    const Part = code.loaded();
    return Part ? { Part } : null;
  });
  useEffect(() => {
    if (part) return;
    let live = true;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      code.load().then((Part) => live && setPart({ Part }), logFailure);
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

export interface IdleNeeds {
  /** The part answers the mouse (a hover handle): the first mouse move fetches it, and is replayed once it is there. */
  hover?: boolean;
  /** Fetched at once when this holds for the editor (checked per transaction until it does; must be cheap). */
  when?: (editor: Editor) => boolean;
  /** Fetched once this has held for NEED_PAUSE_MS (the "+" beside an empty block: a line typed at once fetches nothing). */
  afterPause?: (editor: Editor) => boolean;
}

/**
 * Nobody needs it for the first paint (a hover handle, the popup of a selected picture): fetched when the
 * author pauses after the page shows, or at once on one of `needs`; nothing renders until then. It reads
 * the editor's state when it mounts, so a picture selected before it arrived gets its popup at once.
 * A failed fetch is logged and tried again the next time the part mounts.
 */
export function onIdle<P extends object>(
  code: ComponentChunk<P>,
  { hover = false, when, afterPause }: IdleNeeds,
): ComponentType<P> {
  return function OnIdle(props: P) {
    const lastMove = useRef<{ x: number; y: number } | null>(null);
    // The editor is fixed for an overlay's life: the watch is wired once.
    const part = usePartOnce(
      code,
      (start) => {
        const cancel = whenIdle(start);
        const editor = (props as { editor?: Editor }).editor;
        const stopWatching = when && editor ? watchNeed(editor, when, start) : () => undefined;
        const stopPause = afterPause && editor ? watchPause(editor, afterPause, start) : () => undefined;
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
    return part ? <Loaded Part={part.Part} props={props} placement="floating" /> : null;
  };
}

/**
 * Fetched when the author pauses or, at once, when `useNeeded` (a hook reading a store: an upload error,
 * a download, a pending question) says it has something to show; nothing renders until then. A failed
 * fetch is logged and tried again when the need comes back.
 */
export function onNeed<P extends object>(code: ComponentChunk<P>, useNeeded: (props: P) => boolean): ComponentType<P> {
  return function OnNeed(props: P) {
    const needed = useNeeded(props);
    const part = usePartOnce(
      code,
      (start) => {
        if (needed) start();
        return whenIdle(start);
      },
      [needed],
    );
    return part ? <Loaded Part={part.Part} props={props} placement="floating" /> : null;
  };
}
