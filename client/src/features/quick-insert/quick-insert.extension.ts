import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import type { InsertItem } from '../../editor/core/capability';
import { chunk, whenIdle } from '../../editor/core/lazy';
import { DeferredPlugin } from './deferred-plugin';
import { SlashMenuStore } from './menu-state';

export interface QuickInsertOptions {
  /**
   * Every insert item of the editor (read when the menu opens).
   * @default () => []
   */
  items: (editor: Editor) => InsertItem[];
  /**
   * Translates an item's label key for the filter.
   * @default (key) => key
   */
  translate: (key: string) => string;
  /**
   * Fetches the menu's popup code: the `/` plugin is plugged in once both are there, so keys typed
   * into an open menu (Enter) always find the popup that answers them.
   * @default () => Promise.resolve()
   */
  loadMenu: () => Promise<unknown>;
}

/** What the `/` plugin's state tells the others. */
interface SlashState {
  active: boolean;
}

export interface QuickInsertStorage {
  slash: SlashMenuStore;
  /** The `/` plugin's place in the editor, filled once its code has arrived. */
  slot: DeferredPlugin<SlashState> | null;
  /** Fetches the `/` plugin's code (once) and plugs it in; resolves when it is in. */
  loadSlash: () => Promise<void>;
  stopIdle: () => void;
}

declare module '@tiptap/core' {
  interface Storage {
    quickInsert: QuickInsertStorage;
  }
}

// The suggestion plugin and Floating UI are not needed for the first paint.
const slashCode = chunk(() => import('./slash-menu'));

/** Keys an open `/` menu answers: typed after a `/query` before the menu's code arrived, they wait for it. */
const MENU_KEYS = new Set(['Enter', 'Tab', 'ArrowUp', 'ArrowDown']);

/** A `/query` the menu would open for ends at the caret (`/` at the block's start or after a space). */
function slashQueryAtCaret(state: EditorState): boolean {
  const { selection } = state;
  if (!selection.empty) return false;
  const { $from } = selection;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return false;
  return /(?:^|\s)\/[^\s/]*$/.test($from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc'));
}

/** How long held keys wait for the menu to open once its code is in. */
const MENU_OPEN_WAIT_MS = 300;

type HeldKey = Pick<KeyboardEventInit, 'key' | 'code' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

function loadLogged(storage: QuickInsertStorage): void {
  storage
    .loadSlash()
    .catch((error: unknown) => console.error('[tandem] a part of the editor could not be loaded', error));
}

/**
 * The `/` command menu: `/` at the start of a block or after a space opens a filterable insert list.
 * Its plugin's code arrives with the first `/` typed (or when idle); a `/` typed before that opens
 * the menu as soon as it is there.
 */
export const QuickInsertExtension = Extension.create<QuickInsertOptions, QuickInsertStorage>({
  name: 'quickInsert',

  addOptions() {
    return { items: () => [], translate: (key) => key, loadMenu: () => Promise.resolve() };
  },

  addStorage() {
    return { slash: new SlashMenuStore(), slot: null, loadSlash: () => Promise.resolve(), stopIdle: () => undefined };
  },

  addProseMirrorPlugins() {
    const { editor, storage, options } = this;
    const pluginKey = new PluginKey<SlashState | null>('quickInsertSlash');
    const slot = new DeferredPlugin<SlashState>(pluginKey);
    storage.slot = slot;
    // Menu keys typed before the code arrived, replayed once it is in (or without it, if it cannot come).
    const held: HeldKey[] = [];
    let replaying = false;
    const replay = (): void => {
      const keys = held.splice(0);
      if (editor.isDestroyed || keys.length === 0) return;
      // Replayed keys are not held again (the code may not have come: then they act as usual).
      replaying = true;
      try {
        for (const key of keys) {
          editor.view.dom.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
        }
      } finally {
        replaying = false;
      }
    };
    // The filled plugin opens the menu for the `/query` typed before in a moment: held keys wait for it
    // (at most MENU_OPEN_WAIT_MS, then they act on whatever is there).
    const replayWhenOpen = (): void => {
      if (held.length === 0) return;
      const { slash } = storage;
      // Not inside the update that opens the menu: the key then runs as a key of its own.
      const done = (): void => {
        stop();
        clearTimeout(timer);
        setTimeout(replay, 0);
      };
      const stop = slash.subscribe(() => {
        if (slash.get().open) done();
      });
      const timer = setTimeout(done, MENU_OPEN_WAIT_MS);
      if (slash.get().open) done();
    };
    storage.loadSlash = () =>
      Promise.all([slashCode.load(), options.loadMenu()])
        .then(([{ createSlashPlugin }]) => {
          if (editor.isDestroyed || slot.filled) return;
          const plugin = createSlashPlugin({
            editor,
            pluginKey,
            slash: storage.slash,
            items: () => options.items(editor),
            translate: (key) => options.translate(key),
          });
          slot.fill(plugin, editor.view);
          replayWhenOpen();
        })
        .catch((error: unknown) => {
          replay();
          throw error;
        });
    // The first `/` typed is when the menu is first needed (DeferredPlugin replays it once the code is there).
    const trigger = new Plugin({
      props: {
        handleTextInput: (_view, _from, _to, text) => {
          if (text.includes('/') && !slot.filled) loadLogged(storage);
          return false;
        },
        // Enter right after `/emoti`, faster than the menu's code: it waits for the menu instead of
        // splitting the block.
        handleKeyDown: (view, event) => {
          if (slot.filled || replaying || event.isComposing || !MENU_KEYS.has(event.key) || !view.hasFocus()) {
            return false;
          }
          if (!slashQueryAtCaret(view.state)) return false;
          const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
          held.push({ key, code, shiftKey, altKey, ctrlKey, metaKey });
          loadLogged(storage);
          return true;
        },
      },
    });
    return [slot.plugin, trigger];
  },

  onCreate() {
    const { storage } = this;
    if (this.editor.isEditable) storage.stopIdle = whenIdle(() => loadLogged(storage));
  },

  onDestroy() {
    this.storage.stopIdle();
  },
});
