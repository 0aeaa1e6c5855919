import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';

const fromYjs = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as { isChangeOrigin?: unknown }).isChangeOrigin === true;

/**
 * A viewer's editor accepts only the changes that arrive through Yjs. The server closes a viewer
 * connection on any update it sends, so no command, paste or plugin may change the document locally.
 */
export const ReadOnlyGuard = Extension.create({
  name: 'readOnlyGuard',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('readOnlyGuard'),
        filterTransaction: (tr) => !tr.docChanged || fromYjs(tr.getMeta(ySyncPluginKey)),
      }),
    ];
  },
});
