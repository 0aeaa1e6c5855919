import { createContext, useContext, type ComponentProps } from 'react';
import type * as RadixDialog from '@radix-ui/react-dialog';
import type * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import type * as RadixPopover from '@radix-ui/react-popover';
import type * as RadixTabs from '@radix-ui/react-tabs';
import type * as RadixTooltip from '@radix-ui/react-tooltip';
import { KitContext, loadedOnly, StandRoot, standRoot, standTrigger, useKit } from './radix-stand-in';
import { PartStatus } from './part-status';

export { preloadRadixKit } from './radix-stand-in';

/**
 * Radix Popover, Dialog, DropdownMenu, Tabs and Tooltip with the same props, whose code (radix-kit.ts)
 * is fetched the first time a popup opens, a tab list shows or a tooltip is hovered (radix-stand-in.tsx).
 */
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
    const { mod, failed } = useKit(true);
    if (!mod) return <PartStatus failed={failed} placement="inline" />;
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
