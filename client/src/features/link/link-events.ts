import type { Editor } from '@tiptap/core';

/** Opens the link form; returns false when this listener cannot (e.g. its UI is not mounted). */
type Opener = () => boolean;

interface Entry {
  priority: number;
  open: Opener;
}

/** The link mark's storage: who can show the link form, and a Mod-K waiting for one. */
export interface LinkFormStorage {
  openers: Entry[];
  /** Mod-K came before any link form was mounted (the link popup's chunk still on its way). */
  deferred: boolean;
}

declare module '@tiptap/core' {
  interface Storage {
    link: LinkFormStorage;
  }
}

export const linkFormStorage = (): LinkFormStorage => ({ openers: [], deferred: false });

/**
 * Registers a place that can show the link form for Mod-K: the toolbar control (higher priority)
 * and the link popup as a fallback while the control sits hidden in a "More" row.
 */
export function onLinkFormRequest(editor: Editor, priority: number, open: Opener): () => void {
  const entry: Entry = { priority, open };
  const storage = editor.storage.link;
  storage.openers = [...storage.openers, entry];
  return () => {
    storage.openers = storage.openers.filter((e) => e !== entry);
  };
}

/** Mod-K: asks the most prominent mounted link form to open. */
export function requestLinkForm(editor: Editor): boolean {
  const entries = [...editor.storage.link.openers].sort((a, b) => b.priority - a.priority);
  return entries.some((e) => e.open());
}

/**
 * Mod-K with no link form mounted yet: the request waits for the link popup, which opens the form as soon
 * as it mounts. The empty transaction lets the popup's `neededWhen` (linkUiNeeded) fetch it at once.
 */
export function deferLinkForm(editor: Editor): boolean {
  editor.storage.link.deferred = true;
  editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  return true;
}

/** Whether a Mod-K waits for the link popup to open its form. */
export function isLinkFormDeferred(editor: Editor): boolean {
  return editor.storage.link.deferred;
}

/** The link popup took the waiting Mod-K (its form is open). */
export function clearDeferredLinkForm(editor: Editor): void {
  editor.storage.link.deferred = false;
}

/**
 * When the link popup's chunk is needed at once (checked per transaction until it holds): a Mod-K waits
 * for it, or the focused editor's caret or selection starts in a link (the popup shows there).
 */
export function linkUiNeeded(editor: Editor): boolean {
  if (editor.storage.link.deferred) return true;
  const { state, view } = editor;
  const type = state.schema.marks.link;
  if (!type || !editor.isEditable || !view.hasFocus()) return false;
  const { $from, empty } = state.selection;
  if (type.isInSet(state.storedMarks ?? $from.marks())) return true;
  return !empty && type.isInSet($from.nodeAfter?.marks ?? []) !== undefined;
}
