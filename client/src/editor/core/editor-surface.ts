import { Extension, type Editor } from '@tiptap/core';
import { useSyncExternalStore } from 'react';

/** Which panes are open: one may replace the rich editing surface (code view), others sit beside it. */
export interface SurfaceSnapshot {
  /** Id of the pane shown instead of the rich text, or null. */
  replacedBy: string | null;
  /** Ids of the panes shown beside the rich text, in opening order. */
  beside: readonly string[];
}

const CLOSED: SurfaceSnapshot = { replacedBy: null, beside: [] };

/** The editor's pane state (per editor instance); the shell and the toolbar subscribe to it. */
export class SurfaceState {
  private snapshot: SurfaceSnapshot = CLOSED;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): SurfaceSnapshot => this.snapshot;

  /** Shows pane `id` instead of the rich text (null: the rich text again). */
  replace(id: string | null): void {
    if (this.snapshot.replacedBy === id) return;
    this.set({ ...this.snapshot, replacedBy: id });
  }

  /** Opens or closes pane `id` beside the rich text. */
  setBeside(id: string, open: boolean): void {
    const has = this.snapshot.beside.includes(id);
    if (has === open) return;
    this.set({
      ...this.snapshot,
      beside: open ? [...this.snapshot.beside, id] : this.snapshot.beside.filter((b) => b !== id),
    });
  }

  private set(next: SurfaceSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

export interface SurfaceStorage {
  state: SurfaceState;
}

declare module '@tiptap/core' {
  interface Storage {
    surface: SurfaceStorage;
  }
}

/** Holds the pane state of one editor (code view, Markdown beside the text, …). */
export const EditorSurface = Extension.create<Record<string, never>, SurfaceStorage>({
  name: 'surface',
  addStorage() {
    return { state: new SurfaceState() };
  },
});

const noSubscription = (): (() => void) => () => undefined;
const closed = (): SurfaceSnapshot => CLOSED;

/** The pane state of `editor` (all closed before it exists), re-rendering on change. */
export function useSurface(editor: Editor | null): SurfaceSnapshot {
  const state = editor?.storage.surface.state;
  return useSyncExternalStore(state?.subscribe ?? noSubscription, state?.get ?? closed);
}
