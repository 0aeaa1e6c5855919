import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { yUndoPluginKey } from '@tiptap/y-tiptap';

/** Closes the current undo group (Yjs UndoManager), so that the next change is an undo step of its own. */
export function closeUndoGroup(editor: Editor): void {
  const undoState: unknown = yUndoPluginKey.getState(editor.state);
  if (typeof undoState !== 'object' || undoState === null || !('undoManager' in undoState)) return;
  const { undoManager } = undoState as { undoManager: { stopCapturing?: () => void } };
  undoManager.stopCapturing?.();
}

/** Dispatches `tr` as one undo step of its own, never merged with the changes around it. */
export function dispatchAsStep(editor: Editor, tr: Transaction): void {
  closeUndoGroup(editor);
  editor.view.dispatch(tr);
  closeUndoGroup(editor);
}
