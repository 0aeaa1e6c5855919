import type { Editor } from '@tiptap/core';

/** Opens the link form; returns false when this listener cannot (e.g. its UI is not mounted). */
type Opener = () => boolean;

interface Entry {
  priority: number;
  open: Opener;
}

const openers = new WeakMap<Editor, Entry[]>();

/**
 * Registers a place that can show the link form for Mod-K: the toolbar control (higher priority)
 * and the link popup as a fallback while the control sits hidden in a "More" row.
 */
export function onLinkFormRequest(editor: Editor, priority: number, open: Opener): () => void {
  const entry: Entry = { priority, open };
  openers.set(editor, [...(openers.get(editor) ?? []), entry]);
  return () =>
    openers.set(
      editor,
      (openers.get(editor) ?? []).filter((e) => e !== entry),
    );
}

/** Mod-K: asks the most prominent mounted link form to open. */
export function requestLinkForm(editor: Editor): boolean {
  const entries = [...(openers.get(editor) ?? [])].sort((a, b) => b.priority - a.priority);
  return entries.some((e) => e.open());
}
