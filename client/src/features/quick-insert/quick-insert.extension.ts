import { Extension } from '@tiptap/core';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion } from '@tiptap/suggestion';
import type { InsertItem } from '../../editor/capability';
import { filterInsertItems } from './quick-insert.items';
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
}

export interface QuickInsertStorage {
  slash: SlashMenuStore;
}

declare module '@tiptap/core' {
  interface Storage {
    quickInsert: QuickInsertStorage;
  }
}

/** The `/` command menu: `/` at the start of a block or after a space opens a filterable insert list. */
export const QuickInsertExtension = Extension.create<QuickInsertOptions, QuickInsertStorage>({
  name: 'quickInsert',

  addOptions() {
    return { items: () => [], translate: (key) => key };
  },

  addStorage() {
    return { slash: new SlashMenuStore() };
  },

  addProseMirrorPlugins() {
    const { slash } = this.storage;
    const pluginKey = new PluginKey<{ active: boolean }>('quickInsertSlash');
    return [
      Suggestion<InsertItem, InsertItem>({
        editor: this.editor,
        pluginKey,
        char: '/',
        // Only for the author typing (others' editors see the same `/`), and not inside code.
        allow: ({ editor, state, range }) =>
          editor.view.hasFocus() && !state.doc.resolve(range.from).parent.type.spec.code,
        // A remote `/` must not open the menu, but remote edits must not close an open one either
        // (`editor.state` is still the state before this transaction here).
        shouldShow: ({ editor, transaction }) =>
          !isChangeOrigin(transaction) || (pluginKey.getState(editor.state)?.active ?? false),
        items: ({ query }) => filterInsertItems(this.options.items(), query, this.options.translate),
        command: ({ editor, range, props: item }) => {
          editor.chain().focus().deleteRange(range).run();
          item.run(editor);
        },
        floatingUi: { strategy: 'fixed' },
        render: () => ({
          onStart: (props) => slash.show(props),
          onUpdate: (props) => slash.show(props),
          onExit: () => slash.close(),
          onKeyDown: ({ event }) => slash.keyDown(event),
        }),
      }),
    ];
  },
});
