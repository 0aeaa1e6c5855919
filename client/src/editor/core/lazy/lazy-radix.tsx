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
  type ComponentProps,
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type * as RadixDialog from '@radix-ui/react-dialog';
import type * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import type * as RadixPopover from '@radix-ui/react-popover';
import type * as RadixTabs from '@radix-ui/react-tabs';
import type * as RadixTooltip from '@radix-ui/react-tooltip';
import { FailedNotice, loadOnce, retryableImport } from './lazy-part';

/**
 * Stand-ins for Radix Popover, Dialog, DropdownMenu, Tabs and Tooltip with the same props, whose code (radix-kit.ts) is
 * fetched the first time a popup opens, a tab list shows or a tooltip is hovered. Before that a closed
 * popup renders only its trigger; the open request (click, hover) waits for the chunk and then goes to
 * the root's `onOpenChange`, exactly as Radix would have sent it.
 */
type Kit = typeof import('./radix-kit');
const kit = loadOnce<Kit>(retryableImport(() => import('./radix-kit')));

/** Starts fetching the popup code early (e.g. when a popup is about to be used). */
export const preloadRadixKit = (): Promise<unknown> => kit.load().catch(() => undefined);

/** The loaded kit, re-rendering when it arrives; `autoLoad` fetches it at once, `load` on demand. */
function useKit(autoLoad: boolean) {
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

function StandRoot({
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

const KitContext = createContext<Kit | null>(null);
const useLoadedKit = (): Kit | null => useContext(KitContext);

/** A part that exists only inside a loaded root (content, items, titles): nothing before that. */
function loadedOnly<P extends object>(pick: (kit: Kit) => ComponentType<P>) {
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
function standRoot<P extends StandRootProps>(pick: (kit: Kit) => ComponentType<P>) {
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
function standTrigger<P extends { children?: ReactNode }>(pick: (kit: Kit) => ComponentType<P>, on: 'click' | 'hover') {
  return function Trigger(props: P) {
    const mod = useLoadedKit();
    if (!mod) return <StandTrigger on={on}>{props.children}</StandTrigger>;
    const Real = pick(mod);
    return <Real {...props} />;
  };
}

export const Popover = {
  Root: standRoot<ComponentProps<typeof RadixPopover.Root>>((k) => k.Popover.Root),
  Trigger: standTrigger<ComponentProps<typeof RadixPopover.Trigger>>((k) => k.Popover.Trigger, 'click'),
  Anchor: loadedOnly<ComponentProps<typeof RadixPopover.Anchor>>((k) => k.Popover.Anchor),
  Portal: loadedOnly<ComponentProps<typeof RadixPopover.Portal>>((k) => k.Popover.Portal),
  Content: loadedOnly<ComponentProps<typeof RadixPopover.Content>>((k) => k.Popover.Content),
};

/** The props of the enclosing Tooltip.Provider stand-in, applied to the real provider once loaded. */
const TooltipProviderProps = createContext<ComponentProps<typeof RadixTooltip.Provider> | null>(null);

export const Tooltip = {
  Provider(props: ComponentProps<typeof RadixTooltip.Provider>) {
    return <TooltipProviderProps.Provider value={props}>{props.children}</TooltipProviderProps.Provider>;
  },
  Root(props: ComponentProps<typeof RadixTooltip.Root>) {
    const provider = useContext(TooltipProviderProps);
    // The first hover fetches the code; the tooltip then shows if the pointer is still there.
    return (
      <StandRoot
        open={props.open}
        onOpenChange={props.onOpenChange}
        openOnArrival
        render={(mod, requested) => (
          <KitContext.Provider value={mod}>
            <mod.Tooltip.Provider {...(provider ?? {})}>
              <mod.Tooltip.Root defaultOpen={props.open === undefined && requested} {...props} />
            </mod.Tooltip.Provider>
          </KitContext.Provider>
        )}
      >
        {props.children}
      </StandRoot>
    );
  },
  Trigger: standTrigger<ComponentProps<typeof RadixTooltip.Trigger>>((k) => k.Tooltip.Trigger, 'hover'),
  Portal: loadedOnly<ComponentProps<typeof RadixTooltip.Portal>>((k) => k.Tooltip.Portal),
  Content: loadedOnly<ComponentProps<typeof RadixTooltip.Content>>((k) => k.Tooltip.Content),
};

/** Tabs show at once when rendered (inside an open popup), so their root fetches the code right away. */
export const Tabs = {
  Root(props: ComponentProps<typeof RadixTabs.Root>) {
    const { t } = useTranslation();
    const { mod, failed } = useKit(true);
    if (!mod)
      return (
        <p className="lazy-part-status" role={failed ? 'alert' : 'status'}>
          {t(failed ? 'app.loadFailed' : 'app.loading')}
        </p>
      );
    return (
      <KitContext.Provider value={mod}>
        <mod.Tabs.Root {...props} />
      </KitContext.Provider>
    );
  },
  List: loadedOnly<ComponentProps<typeof RadixTabs.List>>((k) => k.Tabs.List),
  Trigger: loadedOnly<ComponentProps<typeof RadixTabs.Trigger>>((k) => k.Tabs.Trigger),
  Content: loadedOnly<ComponentProps<typeof RadixTabs.Content>>((k) => k.Tabs.Content),
};

export const Dialog = {
  Root: standRoot<ComponentProps<typeof RadixDialog.Root>>((k) => k.Dialog.Root),
  Trigger: standTrigger<ComponentProps<typeof RadixDialog.Trigger>>((k) => k.Dialog.Trigger, 'click'),
  Portal: loadedOnly<ComponentProps<typeof RadixDialog.Portal>>((k) => k.Dialog.Portal),
  Overlay: loadedOnly<ComponentProps<typeof RadixDialog.Overlay>>((k) => k.Dialog.Overlay),
  Content: loadedOnly<ComponentProps<typeof RadixDialog.Content>>((k) => k.Dialog.Content),
  Title: loadedOnly<ComponentProps<typeof RadixDialog.Title>>((k) => k.Dialog.Title),
  Description: loadedOnly<ComponentProps<typeof RadixDialog.Description>>((k) => k.Dialog.Description),
  Close: loadedOnly<ComponentProps<typeof RadixDialog.Close>>((k) => k.Dialog.Close),
};

/** For menus outside the toolbar (toolbar menus use ToolbarMenu, which loads its own Radix menu). */
export const DropdownMenu = {
  Root: standRoot<ComponentProps<typeof RadixDropdownMenu.Root>>((k) => k.DropdownMenu.Root),
  Trigger: standTrigger<ComponentProps<typeof RadixDropdownMenu.Trigger>>((k) => k.DropdownMenu.Trigger, 'click'),
  Portal: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Portal>>((k) => k.DropdownMenu.Portal),
  Content: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Content>>((k) => k.DropdownMenu.Content),
  Group: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Group>>((k) => k.DropdownMenu.Group),
  Label: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Label>>((k) => k.DropdownMenu.Label),
  Item: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Item>>((k) => k.DropdownMenu.Item),
  CheckboxItem: loadedOnly<ComponentProps<typeof RadixDropdownMenu.CheckboxItem>>((k) => k.DropdownMenu.CheckboxItem),
  RadioGroup: loadedOnly<ComponentProps<typeof RadixDropdownMenu.RadioGroup>>((k) => k.DropdownMenu.RadioGroup),
  RadioItem: loadedOnly<ComponentProps<typeof RadixDropdownMenu.RadioItem>>((k) => k.DropdownMenu.RadioItem),
  Separator: loadedOnly<ComponentProps<typeof RadixDropdownMenu.Separator>>((k) => k.DropdownMenu.Separator),
};
