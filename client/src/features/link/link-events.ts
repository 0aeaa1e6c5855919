import type { Editor } from '@tiptap/core';

/** Opens the link form; returns false when this listener cannot (e.g. its UI is not mounted). */
type Opener = () => boolean;

interface Entry {
  priority: number;
  open: Opener;
}

const openers = new WeakMap<Editor, Entry[]>();

/** Editors whose Mod-K came before any link form was mounted (the link popup's chunk still on its way). */
const deferred = new WeakSet<Editor>();

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

/**
 * Mod-K with no link form mounted yet: the request waits for the link popup, which opens the form as soon
 * as it mounts. The empty transaction lets the popup's `neededWhen` (linkUiNeeded) fetch it at once.
 */
export function deferLinkForm(editor: Editor): boolean {
  deferred.add(editor);
  editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  return true;
}

/** Whether a Mod-K waits for the link popup to open its form. */
export function isLinkFormDeferred(editor: Editor): boolean {
  return deferred.has(editor);
}

/** The link popup took the waiting Mod-K (its form is open). */
export function clearDeferredLinkForm(editor: Editor): void {
  deferred.delete(editor);
}

/**
 * When the link popup's chunk is needed at once (checked per transaction until it holds): a Mod-K waits
 * for it, or the focused editor's caret or selection starts in a link (the popup shows there).
 */
export function linkUiNeeded(editor: Editor): boolean {
  if (deferred.has(editor)) return true;
  const { state, view } = editor;
  const type = state.schema.marks.link;
  if (!type || !editor.isEditable || !view.hasFocus()) return false;
  const { $from, empty } = state.selection;
  if (type.isInSet(state.storedMarks ?? $from.marks())) return true;
  return !empty && type.isInSet($from.nodeAfter?.marks ?? []) !== undefined;
}
