import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { InsertItem } from '../../editor/capability';
import { loadOnce, retryableImport, whenIdle } from '../../editor/ui/lazy-part';
import { DeferredPlugin } from './deferred-plugin';
import { SlashMenuStore } from './quick-insert.store';

export interface QuickInsertOptions {
  /**
   * Every insert item of the editor (read when the menu opens).
   * @default () => []
   */
  items: () => InsertItem[];
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
const slashCode = loadOnce(retryableImport(() => import('./quick-insert.slash')));

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
    storage.loadSlash = () =>
      Promise.all([slashCode.load(), options.loadMenu()]).then(([{ createSlashPlugin }]) => {
        if (editor.isDestroyed || slot.filled) return;
        const plugin = createSlashPlugin({
          editor,
          pluginKey,
          slash: storage.slash,
          items: () => options.items(),
          translate: (key) => options.translate(key),
        });
        slot.fill(plugin, editor.view);
      });
    // The first `/` typed is when the menu is first needed (DeferredPlugin replays it once the code is there).
    const trigger = new Plugin({
      props: {
        handleTextInput: (_view, _from, _to, text) => {
          if (text.includes('/') && !slot.filled) loadLogged(storage);
          return false;
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
