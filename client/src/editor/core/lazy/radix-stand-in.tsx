import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { chunk } from './chunk';
import { FailedNotice } from './part-status';

/**
 * Stand-ins for Radix Popover, Dialog, DropdownMenu, Tabs and Tooltip with the same props, whose code (radix-kit.ts) is
 * fetched the first time a popup opens, a tab list shows or a tooltip is hovered. Before that a closed
 * popup renders only its trigger; the open request (click, hover) waits for the chunk and then goes to
 * the root's `onOpenChange`, exactly as Radix would have sent it.
 */
export type Kit = typeof import('./radix-kit');
const kit = chunk(() => import('./radix-kit'));

/** Starts fetching the popup code early (e.g. when a popup is about to be used). */
export const preloadRadixKit = kit.preload;

/** The loaded kit, re-rendering when it arrives; `autoLoad` fetches it at once, `load` on demand. */
export function useKit(autoLoad: boolean) {
  const [mod, setMod] = useState<Kit | null>(kit.loaded);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const load = useCallback(
    (): Promise<Kit> =>
      kit.load().then(
        (loaded) => {
          if (live.current) setMod(loaded);
          return loaded;
        },
        (error: unknown) => {
          console.error('[tandem] the popup code could not be loaded', error);
          if (live.current) setFailed(true);
          throw error;
        },
      ),
    [],
  );
  useEffect(() => {
    if (mod || !autoLoad || failed) return;
    load().catch(() => undefined);
  }, [mod, autoLoad, failed, load]);
  return { mod, failed, load, clearFailure: () => setFailed(false) };
}

interface Stand {
  /** Called by a stand-in trigger: the root asks for the code, then opens. */
  request: () => void;
  /** The pointer left a hover trigger before the code came: it does not open on arrival. */
  withdraw: () => void;
}
const StandContext = createContext<Stand | null>(null);

interface TriggerHandlers {
  onClick?: (e: MouseEvent) => void;
  onPointerEnter?: (e: PointerEvent) => void;
  onPointerLeave?: (e: PointerEvent) => void;
}

/** A stand-in `asChild` trigger: the child as it is, its click / hover asking the root to open. */
function StandTrigger({ children, on }: { children?: ReactNode; on: 'click' | 'hover' }) {
  const stand = useContext(StandContext);
  const child = Children.only(children);
  if (!isValidElement<TriggerHandlers>(child)) return <>{children}</>;
  const props = child.props;
  return cloneElement(
    child as ReactElement<TriggerHandlers>,
    on === 'click'
      ? {
          onClick: (e: MouseEvent) => {
            props.onClick?.(e);
            if (!e.defaultPrevented) stand?.request();
          },
        }
      : {
          onPointerEnter: (e: PointerEvent) => {
            props.onPointerEnter?.(e);
            stand?.request();
          },
          onPointerLeave: (e: PointerEvent) => {
            props.onPointerLeave?.(e);
            stand?.withdraw();
          },
        },
  );
}

/**
 * A controlled or uncontrolled open root: renders its children; a request fetches the code and then,
 * with `openOnArrival`, opens the root (as the click that asked for it would have).
 */
function useStandRoot(
  open: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
  openOnArrival: boolean,
) {
  const [requested, setRequested] = useState(false);
  const wanted = useRef(false);
  const { mod, failed, load, clearFailure } = useKit(open === true);
  const stand: Stand = {
    request: () => {
      clearFailure();
      setRequested(true);
      wanted.current = true;
      load().then(
        () => {
          if (openOnArrival && wanted.current && open !== true) onOpenChange?.(true);
        },
        () => undefined,
      );
    },
    withdraw: () => {
      wanted.current = false;
      setRequested(false);
    },
  };
  return { mod, failed, requested, stand, dismiss: () => setRequested(false) };
}

export function StandRoot({
  open,
  onOpenChange,
  openOnArrival,
  render,
  children,
}: {
  open: boolean | undefined;
  onOpenChange: ((open: boolean) => void) | undefined;
  openOnArrival: boolean;
  render: (mod: Kit, requested: boolean) => ReactElement;
  children?: ReactNode;
}) {
  const { mod, failed, requested, stand, dismiss } = useStandRoot(open, onOpenChange, openOnArrival);
  if (mod) return render(mod, requested);
  return (
    <StandContext.Provider value={stand}>
      {children}
      {failed && (open === true || requested) && (
        <FailedNotice
          onDismiss={() => {
            dismiss();
            onOpenChange?.(false);
          }}
        />
      )}
    </StandContext.Provider>
  );
}

export const KitContext = createContext<Kit | null>(null);
const useLoadedKit = (): Kit | null => useContext(KitContext);

/** A part that exists only inside a loaded root (content, items, titles): nothing before that. */
export function loadedOnly<P extends object>(pick: (kit: Kit) => ComponentType<P>) {
  return function LoadedOnly(props: P) {
    const mod = useLoadedKit();
    if (!mod) return null;
    const Part = pick(mod);
    return <Part {...props} />;
  };
}

interface StandRootProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  children?: ReactNode;
}

/**
 * The stand-in of a Radix root: its children until the code is there; then the real root, opened if a
 * trigger asked for it before (uncontrolled) or as the `open` prop says (controlled).
 */
export function standRoot<P extends StandRootProps>(pick: (kit: Kit) => ComponentType<P>) {
  return function Root(props: P) {
    return (
      <StandRoot
        open={props.open}
        onOpenChange={props.onOpenChange}
        openOnArrival
        render={(mod, requested) => {
          const Real = pick(mod);
          const real: P = { defaultOpen: props.open === undefined && requested, ...props };
          return (
            <KitContext.Provider value={mod}>
              <Real {...real} />
            </KitContext.Provider>
          );
        }}
      >
        {props.children}
      </StandRoot>
    );
  };
}

/** The stand-in of a Radix `asChild` trigger: the real trigger once loaded, else a click or hover that asks. */
export function standTrigger<P extends { children?: ReactNode }>(
  pick: (kit: Kit) => ComponentType<P>,
  on: 'click' | 'hover',
) {
  return function Trigger(props: P) {
    const mod = useLoadedKit();
    if (!mod) return <StandTrigger on={on}>{props.children}</StandTrigger>;
    const Real = pick(mod);
    return <Real {...props} />;
  };
}
