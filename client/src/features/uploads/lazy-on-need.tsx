import { useEffect, useState, type ComponentType } from 'react';
import { loadOnce, whenIdle, type LazyPart } from '../../editor/ui/lazy-part';

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
      if (needed) start();
      const cancel = whenIdle(start);
      return () => {
        live = false;
        cancel();
      };
    }, [part, needed]);
    return part ? <part.Part {...props} /> : null;
  }
  return Object.assign(OnNeed, { preload: () => chunk.load().catch(() => undefined) });
}
