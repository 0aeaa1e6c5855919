import type { AnyExtension, Editor } from '@tiptap/core';
import type { ComponentType, FocusEventHandler, KeyboardEventHandler, Ref } from 'react';
import type { Decoder } from 'lib0/decoding';
import type { PublicConfig } from '@shared/api/config';
import type { IconComponent } from '../ui/icon';
import type { Slot } from './lazy';

/** What a capability may read when it builds its extensions or UI: this deployment's configuration. */
export interface CapabilityContext {
  /** Lists and switches (fonts, colours, styles, link prefix…) from `GET /api/config`. */
  options: PublicConfig['editor'];
  /** Counter limits from `GET /api/config` (-1 = unlimited). */
  counters: PublicConfig['counters'];
  /** Upload size caps from `GET /api/config`, in bytes. */
  uploads: PublicConfig['uploads'];
  /** The open document, for capabilities that call the media API; null outside a document (unit tests). */
  session: CapabilitySession | null;
}

export interface CapabilitySession {
  docId: string;
  /** The link token, sent as `Authorization: Bearer …`. */
  token: string;
  /** This author's current display name (sent as the uploader). */
  authorName: () => string;
  /** Whether this link may write comments (editors and commenters; not viewers). */
  canComment: boolean;
  /** This author as the others see them in presence: the name and the shown colour (`#rrggbb`). */
  author: () => { name: string; color: string };
  /**
   * Listens to a custom message type the server sends on the document's socket (the comments frame);
   * the listener reads the payload after the type. Returns the unsubscribe function.
   */
  onMessage: (type: number, listener: (payload: Decoder) => void) => () => void;
  /**
   * Calls `listener` each time the document is in sync with the server again (at once if it is now): after the
   * first connection and after every reconnection, when messages sent meanwhile may have been missed.
   */
  onSynced: (listener: () => void) => () => void;
}

export type ToolbarGroup = 'text' | 'document' | 'paragraph' | 'insert' | 'misc';

interface ToolbarItemBase {
  /** Stable id, also used as a test hook (`data-item`). */
  id: string;
  /** i18n key of the label (the accessible name; English = the baseline's label). */
  labelKey: string;
  /** Toolbar group: the baseline's text, paragraph, insert and misc, plus document (save, history). */
  group: ToolbarGroup;
  /** Shortcut shown in the tooltip and the help dialog, `Mod` = Ctrl or ⌘ (`Mod-Shift-X`). */
  shortcut?: string;
  /** Lower = dropped into the "more" menu later when the toolbar is narrow (default 50). */
  priority?: number;
  /** Stays usable while a pane replaces the rich text (code view); every other item is disabled then. */
  keepActive?: boolean;
}

/** A plain toggle or command button. */
export interface ToolbarButton extends ToolbarItemBase {
  kind?: 'button';
  /** The button's SVG icon (the label is its accessible name and tooltip). */
  icon: IconComponent;
  isActive?: (editor: Editor) => boolean;
  isEnabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

/**
 * Props the toolbar hands to a control's trigger element so that roving focus, labels and tooltips
 * work the same for every control. Spread them on the one focusable trigger (button) of the control.
 */
export interface ToolbarTriggerProps {
  ref: Ref<HTMLButtonElement>;
  tabIndex: number;
  onFocus: FocusEventHandler<HTMLButtonElement>;
  onKeyDown: KeyboardEventHandler<HTMLButtonElement>;
  'data-item': string;
  'aria-label': string;
  title: string;
  className: string;
  /** True while the item cannot act (a pane replaces the rich text). */
  disabled: boolean;
}

export interface ToolbarControlProps {
  editor: Editor;
  context: CapabilityContext;
  trigger: ToolbarTriggerProps;
  /** Rendered inside the "more" overflow menu instead of the bar. */
  inOverflow: boolean;
}

/** A control with its own UI (dropdown, popover, picker), rendered by the capability. */
export interface ToolbarControl extends ToolbarItemBase {
  kind: 'control';
  /** The control's SVG icon (overflow entries, menus). */
  icon: IconComponent;
  Component: ComponentType<ToolbarControlProps>;
}

export type ToolbarItem = ToolbarButton | ToolbarControl;

/** An entry of the quick-insert "+" menu and the `/` command menu. */
export interface InsertItem {
  id: string;
  labelKey: string;
  icon: IconComponent;
  /** Extra words the filter matches (English and German), besides the translated label. */
  keywords: string[];
  /** Runs with the trigger text (`/…`) already removed and the caret in the (empty) block. */
  run: (editor: Editor) => void;
}

/**
 * The groups of the editor's context menu, in the order they show (separated by a line): the suggestion at the
 * caret, the clipboard, comments and links, then the selection.
 */
export const contextMenuGroups = ['suggestion', 'clipboard', 'annotate', 'selection'] as const;
export type ContextMenuGroup = (typeof contextMenuGroups)[number];

/** What a context-menu entry may ask the menu to tell the author after it ran (a refused clipboard read). */
export interface ContextMenuNotice {
  /** i18n key of the message; `{{keys}}` is replaced by `shortcut` as the platform prints it. */
  messageKey: string;
  shortcut?: string;
}

/**
 * An entry of the editor's context menu (right click, the ContextMenu key or Shift+F10), contributed by the
 * capability that owns the action. The menu reads `isVisible` and `isEnabled` once, when it opens.
 */
export interface ContextMenuItem {
  /** Stable id, also used as a test hook (`data-entry`). */
  id: string;
  labelKey: string;
  icon: IconComponent;
  group: ContextMenuGroup;
  /** Shown beside the label, `Mod` = Ctrl or ⌘ (`Mod-Alt-M`). */
  shortcut?: string;
  /** Place inside its group, lower first (default 50). */
  order?: number;
  /** Listed at all for this editor and state (a viewer sees no editing entries). Default: always. */
  isVisible?: (editor: Editor) => boolean;
  /** Listed but greyed out when false. Default: always enabled. */
  isEnabled?: (editor: Editor) => boolean;
  /**
   * Runs after the menu closed, with the editor focused and its selection as it was. `notify` shows a short
   * message near where the menu was (e.g. the browser refused to read the clipboard), now or later.
   */
  run: (editor: Editor, notify: (notice: ContextMenuNotice) => void) => void;
}

/** A shortcut listed in the help dialog that is not already a toolbar item's shortcut. */
export interface ShortcutEntry {
  keys: string;
  labelKey: string;
}

/**
 * A toolbar shown beside a node while the selection is inside it (the innermost such node): the table
 * toolbar for the selected cells, for example. The editor renders it; the capability only lists its items.
 */
export interface ContextToolbar {
  id: string;
  /** Name of the node type the selection must be inside. */
  nodeType: string;
  /** i18n key of the toolbar's accessible name. */
  labelKey: string;
  /**
   * Its items, or their module (`() => import('./x')`, exporting `items`): then they stay out of the first
   * load and come with the positioned toolbars (fetched when idle or when the selection first enters the node).
   */
  items: ToolbarItem[] | ContextToolbarItems;
}

/** A module with a context toolbar's items, loaded on demand. */
export type ContextToolbarItems = () => Promise<{ items: ToolbarItem[] }>;

export interface EditorUiProps {
  editor: Editor;
  context: CapabilityContext;
}

/**
 * A view of the document next to or instead of the rich text (code view, Markdown). The pane's id is what
 * `editor.storage.surface.state` opens; the shell renders the open ones.
 */
export interface EditorPane {
  id: string;
  placement: 'replace' | 'beside';
  /** Usually a part loaded when the pane first opens (lazy/part.tsx). */
  Component: Slot<EditorUiProps>;
}

/** What a capability folder exports from its index.ts (STYLE.md §7.4). */
export interface Capability {
  name: string;
  /** Tiptap extensions this capability adds beyond the editor core (may read the deployment's options). */
  extensions: AnyExtension[] | ((context: CapabilityContext) => AnyExtension[]);
  toolbar: ToolbarItem[];
  /** Entries for the quick-insert and `/` menus. */
  insertItems?: InsertItem[];
  /** Shortcuts for the help dialog beyond the toolbar's. */
  shortcuts?: ShortcutEntry[];
  /** Entries of the editor's context menu (features/context-menu renders them). */
  contextMenu?: ContextMenuItem[];
  /** Shown in the status bar under the editor (counters). */
  StatusBar?: Slot<EditorUiProps>;
  /** Toolbars for the node the selection is in (see ContextToolbar). */
  contextToolbars?: ContextToolbar[];
  /** Views of the document shown instead of or beside the rich text. */
  panes?: EditorPane[];
  /**
   * Floating UI attached to the editor (popups, handles, menus); rendered once per editor. Usually a
   * declared part (`{ ui: () => import('./x.overlay'), preload: 'idle' }`) that lazy/ loads.
   */
  Overlay?: Slot<EditorUiProps>;
  /** The Overlay is shown in the read-only view too (find); other overlays are editing UI. */
  overlayForViewers?: boolean;
  /** English strings of this capability, under the `<name>.` prefix (German: i18n/locales/de/<name>.json). */
  i18n: Record<string, unknown>;
}

export function isControl(item: ToolbarItem): item is ToolbarControl {
  return item.kind === 'control';
}

export function extensionsOf(capability: Capability, context: CapabilityContext): AnyExtension[] {
  return typeof capability.extensions === 'function' ? capability.extensions(context) : capability.extensions;
}
