import { Extension, type Editor } from '@tiptap/core';
import { store, type Store } from '../../lib/store';

export interface ImageManagerStorage {
  /** Whether the "Manage Images" modal is open (the image popup's Browse tab and edit popup open it). */
  open: Store<boolean>;
  /** The image Insert replaces, as asked by the last `openImageManager` call (kept apart from the lazy modal). */
  replacePos: number | undefined;
}

declare module '@tiptap/core' {
  interface Storage {
    imageManager: ImageManagerStorage;
  }
}

/** Holds the modal's state per editor. */
export const ImageManagerState = Extension.create<Record<string, never>, ImageManagerStorage>({
  name: 'imageManager',
  addStorage: () => ({ open: store(false), replacePos: undefined }),
});

/**
 * Opens the image manager. `replacePos`: the image that Insert replaces; without it, the image
 * selected at this moment (if any) is replaced, else Insert adds a new image at the caret.
 */
export function openImageManager(editor: Editor, options: { replacePos?: number } = {}): void {
  // Undefined when the capability is off (the image popups still offer Browse).
  const state: ImageManagerStorage | undefined = editor.storage.imageManager;
  if (!state) return;
  state.replacePos = options.replacePos;
  state.open.set(true);
}
