import { Extension, type Editor } from '@tiptap/core';
import { useSyncExternalStore } from 'react';
import { store } from '../../lib/store';

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
  private readonly snapshot = store(CLOSED);

  subscribe = this.snapshot.subscribe;

  get = this.snapshot.get;

  /** Shows pane `id` instead of the rich text (null: the rich text again). */
  replace(id: string | null): void {
    const now = this.get();
    if (now.replacedBy !== id) this.snapshot.set({ ...now, replacedBy: id });
  }

  /** Opens or closes pane `id` beside the rich text. */
  setBeside(id: string, open: boolean): void {
    const { beside } = this.get();
    if (beside.includes(id) === open) return;
    this.snapshot.set({ ...this.get(), beside: open ? [...beside, id] : beside.filter((b) => b !== id) });
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
