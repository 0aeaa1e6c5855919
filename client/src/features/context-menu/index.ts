import type { Capability } from '../../editor/core/capability';
import { clipboardItems } from './clipboard.context-menu';
import { contextMenuOf, ContextMenuExtension } from './context-menu.extension';
import { contextMenuStrings } from './context-menu.i18n';

export { contextMenuSections, type ContextMenuEntry, type ContextMenuSection } from './menu-items';

/**
 * The editor's context menu (issue 28): right click in the text, the ContextMenu key or Shift+F10 opens the
 * entries that the capabilities contribute through `Capability.contextMenu` (this one adds Cut, Copy, Paste).
 * A viewer sees only what a viewer may use; Ctrl + right click, fields and a misspelled word (the spell
 * check's suggestions) keep their own menus.
 */
export const contextMenu: Capability = {
  name: 'contextMenu',
  extensions: [ContextMenuExtension],
  i18n: contextMenuStrings,
  toolbar: [],
  contextMenu: clipboardItems,
  shortcuts: [{ keys: 'Shift-F10', labelKey: 'contextMenu.open' }],
  // The menu (Radix) is fetched when it first opens, then kept.
  Overlay: { ui: () => import('./context-menu.menu'), preload: { open: ({ editor }) => contextMenuOf(editor).open } },
  overlayForViewers: true,
};
