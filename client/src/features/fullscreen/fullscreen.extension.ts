import { Extension } from '@tiptap/core';
import { store, type Store } from '../../lib/store';

export interface FullscreenStorage {
  /** Whether the editor covers the viewport; the toolbar button and the overlay subscribe to it. */
  state: Store<boolean>;
}

declare module '@tiptap/core' {
  interface Storage {
    fullscreen: FullscreenStorage;
  }
}

/** Mod-Shift-F toggles fullscreen; Escape in the editor leaves it. */
export const FullscreenExtension = Extension.create<Record<string, never>, FullscreenStorage>({
  name: 'fullscreen',

  addStorage() {
    return { state: store(false) };
  },

  addKeyboardShortcuts() {
    const { state } = this.storage;
    return {
      'Mod-Shift-f': () => {
        state.set(!state.get());
        return true;
      },
      Escape: () => {
        if (!state.get()) return false;
        state.set(false);
        return true;
      },
    };
  },
});
