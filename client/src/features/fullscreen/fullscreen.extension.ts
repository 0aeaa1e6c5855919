import { Extension } from '@tiptap/core';

/** Whether the editor covers the viewport; the toolbar button and the overlay subscribe to it. */
export class FullscreenState {
  private on = false;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): boolean => this.on;

  set(on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    for (const listener of this.listeners) listener();
  }
}

export interface FullscreenStorage {
  state: FullscreenState;
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
    return { state: new FullscreenState() };
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
