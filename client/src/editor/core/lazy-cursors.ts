import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { chunk, whenIdle } from './lazy';
import { registerPluginLate } from './dom-selection';

// The drop and gap cursors are a chunk of their own: first paint needs neither. Fetched when the browser
// is idle, or at once by the first drag over the editor or the first arrow key.
const code = chunk(() => import('./cursor-plugins'));

const lazyCursorsKey = new PluginKey('lazyCursors');

interface LazyCursorsStorage {
  requested: boolean;
  registered: boolean;
}

declare module '@tiptap/core' {
  interface Storage {
    lazyCursors: LazyCursorsStorage;
  }
}

/** Adds the cursors' plugins to `editor` once their chunk is there. */
function needCursors(editor: Editor): void {
  const storage = editor.storage.lazyCursors;
  if (storage.requested) return;
  storage.requested = true;
  // After the current call stack: the need may come up inside a dispatch, where plugins cannot be added.
  code.load().then(
    ({ cursorPlugins }) => {
      if (editor.isDestroyed || storage.registered) return;
      storage.registered = true;
      const plugins = cursorPlugins();
      const [first] = plugins;
      if (first) registerPluginLate(editor, first, (_plugin, current) => [...current, ...plugins]);
    },
    (error: unknown) => {
      storage.requested = false;
      console.error('[tandem] the drop and gap cursors could not be loaded', error);
    },
  );
}

/** The drop cursor and the gap cursor (Tiptap's Dropcursor and Gapcursor), added to the editor on demand. */
export const LazyCursors = Extension.create<Record<string, never>, LazyCursorsStorage>({
  name: 'lazyCursors',

  addStorage() {
    return { requested: false, registered: false };
  },

  onCreate() {
    const editor = this.editor;
    const cancel = whenIdle(() => needCursors(editor));
    editor.on('destroy', cancel);
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    const need = (): false => {
      needCursors(editor);
      return false;
    };
    return [
      new Plugin({
        key: lazyCursorsKey,
        props: {
          handleDOMEvents: { dragenter: need },
          handleKeyDown: (_view, event) => (event.key.startsWith('Arrow') ? need() : false),
        },
      }),
    ];
  },
});
