import type { Editor } from '@tiptap/core';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type { Plugin, PluginKey } from '@tiptap/pm/state';
import { Suggestion } from '@tiptap/suggestion';
import type { InsertItem } from '../../editor/core/capability';
import { filterInsertItems } from './insert-items';
import type { SlashMenuStore } from './menu-state';

export interface SlashPluginOptions {
  editor: Editor;
  pluginKey: PluginKey<{ active: boolean } | null>;
  slash: SlashMenuStore;
  items: () => InsertItem[];
  translate: (key: string) => string;
}

/** The `/` command menu's suggestion plugin (with Floating UI): loaded with the first `/` typed or when idle. */
export function createSlashPlugin({ editor, pluginKey, slash, items, translate }: SlashPluginOptions): Plugin {
  return Suggestion<InsertItem, InsertItem>({
    editor,
    pluginKey,
    char: '/',
    // Only for the author typing (others' editors see the same `/`), and not inside code.
    allow: ({ editor: e, state, range }) => e.view.hasFocus() && !state.doc.resolve(range.from).parent.type.spec.code,
    // A remote `/` must not open the menu, but remote edits must not close an open one either
    // (`editor.state` is still the state before this transaction here).
    shouldShow: ({ editor: e, transaction }) =>
      !isChangeOrigin(transaction) || (pluginKey.getState(e.state)?.active ?? false),
    items: ({ query }) => filterInsertItems(items(), query, translate),
    command: ({ editor: e, range, props: item }) => {
      e.chain().focus().deleteRange(range).run();
      item.run(e);
    },
    floatingUi: { strategy: 'fixed' },
    render: () => ({
      onStart: (props) => slash.show(props),
      onUpdate: (props) => slash.show(props),
      onExit: () => slash.close(),
      onKeyDown: ({ event }) => slash.keyDown(event),
    }),
  });
}
