import { Extension, type Editor } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { store } from '../../lib/store';
import { capabilitiesOf } from '../../editor/core/capability-list';
import { readPendingSelection } from '../../editor/core/dom-selection';
import { contextMenuSections } from './menu-items';

export interface ContextMenuRequest {
  /** Where the menu opens, in viewport pixels: the pointer, or below the caret. */
  x: number;
  y: number;
  via: 'pointer' | 'keyboard';
  /** A new number per opening, so a second right click while open shows a fresh menu. */
  serial: number;
}

/** This editor's context menu: whether it is open (its code is fetched on the first opening) and where. */
export class ContextMenuState {
  readonly open = store(false);
  readonly request = store<ContextMenuRequest | null>(null);
  /** When the keyboard last opened the menu: the browser's own `contextmenu` event for that key is swallowed. */
  keyboardAt = -Infinity;
  private serial = 0;

  show(x: number, y: number, via: ContextMenuRequest['via']): void {
    if (via === 'keyboard') this.keyboardAt = performance.now();
    this.request.set({ x, y, via, serial: ++this.serial });
    this.open.set(true);
  }

  hide(): void {
    this.request.set(null);
    this.open.set(false);
  }
}

export interface ContextMenuStorage {
  state: ContextMenuState;
}

declare module '@tiptap/core' {
  interface Storage {
    contextMenu: ContextMenuStorage;
  }
}

export const contextMenuOf = (editor: Editor): ContextMenuState => editor.storage.contextMenu.state;

/** The browser's `contextmenu` event that a ContextMenu key or Shift+F10 sends after our keydown opened the menu. */
const KEY_ECHO_MS = 500;

/** Elements that keep the browser's own menu (their own text editing: spelling, paste, undo of the field). */
const NATIVE_MENU = 'input, textarea, select, [data-native-context-menu]';

/** Right click outside the selection moves the caret (or selects the object) there; inside, it is kept. */
function selectAt(view: EditorView, left: number, top: number): void {
  const at = view.posAtCoords({ left, top });
  if (!at) return;
  const { state } = view;
  const { from, to } = state.selection;
  if (at.pos >= from && at.pos <= to && !(state.selection instanceof NodeSelection)) return;
  const node = at.inside >= 0 ? state.doc.nodeAt(at.inside) : null;
  if (node?.isAtom && NodeSelection.isSelectable(node)) {
    if (state.selection instanceof NodeSelection && state.selection.from === at.inside) return;
    view.dispatch(state.tr.setSelection(NodeSelection.create(state.doc, at.inside)));
    return;
  }
  if (at.pos >= from && at.pos <= to) return;
  view.dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(at.pos))));
}

/** Whether any capability offers an entry for this editor now (else the browser's menu stays). */
const hasEntries = (editor: Editor): boolean => contextMenuSections(capabilitiesOf(editor), editor).length > 0;

export function onContextMenu(editor: Editor, event: MouseEvent): void {
  // Another handler took this click (the spell check's suggestions on a misspelled word): its menu wins.
  if (event.defaultPrevented) return;
  const menu = contextMenuOf(editor);
  // The key's echo comes at once and without a mouse button; a real right click right after still opens the menu.
  if (event.button !== 2 && performance.now() - menu.keyboardAt < KEY_ECHO_MS) {
    menu.keyboardAt = -Infinity;
    event.preventDefault();
    return;
  }
  // Ctrl + right click asks for the browser's own menu (as in Google Docs); on a Mac Ctrl + click is the right click.
  if (event.ctrlKey && event.button === 2) return;
  if (event.target instanceof Element && event.target.closest(NATIVE_MENU)) return;
  // A long press on a touch screen keeps the system's selection handles and its copy / paste bar.
  if ('pointerType' in event && event.pointerType === 'touch') return;
  const { view } = editor;
  readPendingSelection(view);
  selectAt(view, event.clientX, event.clientY);
  if (!hasEntries(editor)) return;
  event.preventDefault();
  menu.show(event.clientX, event.clientY, 'pointer');
}

/** The ContextMenu key and Shift+F10: the menu below the caret (the head of the selection). */
export function openAtCaret(editor: Editor): boolean {
  const { view } = editor;
  if (!hasEntries(editor)) return false;
  const at = view.coordsAtPos(view.state.selection.head);
  contextMenuOf(editor).show(at.left, at.bottom, 'keyboard');
  return true;
}

const contextMenuKey = new PluginKey('contextMenu');

/**
 * The editor's context menu (issue 28): a right click in the text, the ContextMenu key or Shift+F10 opens a menu
 * of the entries the capabilities contribute (Capability.contextMenu) for the current state. The listener is
 * added after ProseMirror's own, so a plugin that handled the click first (the spell check) keeps it.
 */
export const ContextMenuExtension = Extension.create<Record<string, never>, ContextMenuStorage>({
  name: 'contextMenu',

  addStorage() {
    return { state: new ContextMenuState() };
  },

  addKeyboardShortcuts() {
    return {
      'Shift-F10': () => openAtCaret(this.editor),
      ContextMenu: () => openAtCaret(this.editor),
    };
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: contextMenuKey,
        view(view) {
          const listener = (event: MouseEvent): void => onContextMenu(editor, event);
          view.dom.addEventListener('contextmenu', listener);
          return { destroy: () => view.dom.removeEventListener('contextmenu', listener) };
        },
      }),
    ];
  },

  onDestroy() {
    this.storage.state.hide();
  },
});
