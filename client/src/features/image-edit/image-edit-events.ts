import type { Editor } from '@tiptap/core';

type Listener = () => boolean;

/** The image keys' storage (image-edit.extension.ts). */
export interface ImageEditStorage {
  /** How the edit popup moves the focus into itself, while it is mounted. */
  focuser: Listener | null;
  /** Alt+F10 pressed before the popup's code was there: the popup takes the focus once it shows. */
  focusPending: boolean;
  /** The last Mod-=/Mod-- (image-zoom.ts). */
  lastZoom: { pos: number; width: string; direction: 1 | -1; repeat: number } | null;
}

declare module '@tiptap/core' {
  interface Storage {
    imageEditKeys: ImageEditStorage;
  }
}

export const imageEditStorage = (): ImageEditStorage => ({ focuser: null, focusPending: false, lastZoom: null });

/**
 * Moves the focus into the popup of the selected image. While the popup is still loading (right after
 * the page opened) the request waits for it, until the selection moves; once the popup is there, a
 * popup that is closed (Escape) lets the key go on to the other handlers.
 */
export function requestImagePopupFocus(editor: Editor): boolean {
  const focus = editor.storage.imageEditKeys.focuser;
  return focus ? focus() : awaitImagePopupFocus(editor);
}

/** Keeps an Alt+F10 for the popup that is about to show (its code is still loading); always true. */
export function awaitImagePopupFocus(editor: Editor): boolean {
  const storage = editor.storage.imageEditKeys;
  if (storage.focusPending) return true;
  storage.focusPending = true;
  const drop = (): void => {
    storage.focusPending = false;
    editor.off('selectionUpdate', drop);
    editor.off('destroy', drop);
  };
  editor.on('selectionUpdate', drop);
  editor.on('destroy', drop);
  return true;
}
