import { Extension, type Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { CapabilityContext } from '../../editor/core/capability';
import { chunk, whenIdle } from '../../editor/core/lazy';
import { SaveStatusStore } from './save-status-store';

export interface SaveStorage {
  status: SaveStatusStore;
  /** Save at once (toolbar button, Ctrl/Cmd+S); loads the saving code first if needed. */
  save: () => void;
}

declare module '@tiptap/core' {
  interface Storage {
    save: SaveStorage;
  }
}

/** What the session code needs to know of how it was started. */
export interface SaveStart {
  /** The document before the first change made here, when that change is what started the session. */
  before: PmNode | null;
}

const sessionCode = chunk(() => import('./save-session'));

/** The saving code is fetched this long after the first change made here, if idle time has not come first. */
const START_AFTER_CHANGE_MS = 1_000;

const fromYjs = (tr: Transaction): boolean => {
  const meta: unknown = tr.getMeta(ySyncPluginKey);
  return typeof meta === 'object' && meta !== null && (meta as { isChangeOrigin?: unknown }).isChangeOrigin === true;
};

/** A viewer's editor (it has the read-only guard) never saves. */
const isViewer = (editor: Editor): boolean =>
  editor.extensionManager.extensions.some((extension) => extension.name === 'readOnlyGuard');

const isSaveKey = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';

/**
 * Autosave's part in the first load: the status store, Ctrl/Cmd+S anywhere on the page (the browser's own
 * save dialog never opens), and the start of the saving code, fetched when the browser is idle, at the
 * first change made here or at the first explicit save.
 */
export const SaveExtension = Extension.create<{ context: CapabilityContext | null }, SaveStorage>({
  name: 'save',

  addOptions() {
    return { context: null };
  },

  addStorage() {
    return { status: new SaveStatusStore(), save: () => undefined };
  },

  onCreate() {
    const { editor, storage } = this;
    const context = this.options.context;
    if (!context?.session || isViewer(editor)) return;
    const session = context.session;
    let before: PmNode | null = null;
    let running: Promise<{ save: () => void; dispose: () => void }> | null = null;
    let requested = false;
    // Started once; a failed fetch is forgotten, so the next start tries again.
    const start = (): Promise<{ save: () => void; dispose: () => void }> => {
      requested = true;
      if (!running) {
        const attempt = sessionCode
          .load()
          .then((m) => m.startSaveSession(editor, { ...context, session }, storage.status, { before }));
        running = attempt;
        attempt.catch((error: unknown) => {
          if (running === attempt) running = null;
          console.error('[tandem] autosave could not be loaded', error);
        });
      }
      return running;
    };
    let soon: ReturnType<typeof setTimeout> | undefined;
    const onTransaction = ({ transaction }: { transaction: Transaction }): void => {
      if (!transaction.docChanged || fromYjs(transaction)) return;
      editor.off('transaction', onTransaction);
      before = transaction.before;
      // Not in the keystroke's frame (the first key fetches nothing), but well before the first save is due.
      soon = setTimeout(() => void start().catch(() => undefined), START_AFTER_CHANGE_MS);
    };
    editor.on('transaction', onTransaction);
    const cancelIdle = whenIdle(() => void start().catch(() => undefined));
    // Offline is not an error: the status says where the changes are (and the store follows the browser).
    const onConnectivity = (): void => {
      storage.status.setOffline(!navigator.onLine);
      // The saving code could not be fetched while offline: fetch it now, so what was typed gets saved.
      if (navigator.onLine && requested && !running) void start().catch(() => undefined);
    };
    onConnectivity();
    window.addEventListener('online', onConnectivity);
    window.addEventListener('offline', onConnectivity);
    storage.save = () => {
      storage.status.saveRequested();
      void start().then(
        (s) => s.save(),
        // The saving code could not be fetched: take back the "Saving…" shown for it.
        () => storage.status.set({ state: 'idle', at: storage.status.get().at, error: null }),
      );
    };
    const onKey = (event: KeyboardEvent): void => {
      if (!isSaveKey(event)) return;
      event.preventDefault();
      storage.save();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    editor.on('destroy', () => {
      cancelIdle();
      clearTimeout(soon);
      editor.off('transaction', onTransaction);
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('online', onConnectivity);
      window.removeEventListener('offline', onConnectivity);
      // A session still loading is disposed once it arrives.
      if (requested)
        void running?.then(
          (s) => s.dispose(),
          () => undefined,
        );
    });
  },
});
