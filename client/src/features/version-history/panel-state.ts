import { Extension, type Editor } from '@tiptap/core';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Whether this editor's Version History panel is open, and where the focus goes back when it closes. */
export class VersionPanelState {
  private open = false;
  private readonly listeners = new Set<() => void>();
  /** The element that had the focus when the panel opened (its toolbar button). */
  private returnTo: HTMLElement | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isOpen = (): boolean => this.open;

  set = (open: boolean): void => {
    if (open === this.open) return;
    if (open) {
      const active = typeof document === 'undefined' ? null : document.activeElement;
      this.returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    this.open = open;
    for (const listener of this.listeners) listener();
  };

  /** Closes the panel and gives the focus back to what opened it (or to the text). */
  close(editor: Editor): void {
    const target = this.returnTo;
    this.returnTo = null;
    this.set(false);
    if (target?.isConnected) target.focus();
    else if (editor.isEditable) editor.commands.focus();
  }
}

/** The open flag as lazyWhenOpen and the buttons read it (one object per editor). */
function openStateOf(panel: VersionPanelState) {
  return {
    set: panel.set,
    useOpen: () => useSyncExternalStore(panel.subscribe, panel.isOpen),
  };
}

export interface VersionHistoryStorage {
  panel: VersionPanelState;
  openState: ReturnType<typeof openStateOf>;
}

declare module '@tiptap/core' {
  interface Storage {
    versionHistory: VersionHistoryStorage;
  }
}

/** Holds the panel's open state per editor (STYLE §7.11: state belongs to the editor instance). */
export const VersionHistoryExtension = Extension.create<Record<string, never>, VersionHistoryStorage>({
  name: 'versionHistory',
  addStorage() {
    const panel = new VersionPanelState();
    return { panel, openState: openStateOf(panel) };
  },
});

/** The panel state of `editor`. */
export const panelOf = (editor: Editor): VersionPanelState => editor.storage.versionHistory.panel;

/** The open flag of `editor`'s panel, for `useOpen()` in components. */
export const panelOpenState = (editor: Editor): VersionHistoryStorage['openState'] =>
  editor.storage.versionHistory.openState;

/** Whether the editor takes input (viewers and a refused session do not), re-read when it changes. */
export function useEditable(editor: Editor): boolean {
  const [editable, setEditable] = useState(editor.isEditable);
  useEffect(() => {
    const check = (): void => setEditable(editor.isEditable);
    editor.on('update', check);
    check();
    return () => {
      editor.off('update', check);
    };
  }, [editor]);
  return editable;
}
