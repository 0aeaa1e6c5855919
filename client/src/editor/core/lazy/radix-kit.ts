// The Radix primitives behind popups that are not open when the page loads (editor popups, tabs of
// pickers, tooltips): one chunk, fetched through lazy-radix.tsx on first use.
export * as Popover from '@radix-ui/react-popover';
export * as Tabs from '@radix-ui/react-tabs';
export * as Tooltip from '@radix-ui/react-tooltip';
export * as Dialog from '@radix-ui/react-dialog';
export * as DropdownMenu from '@radix-ui/react-dropdown-menu';
