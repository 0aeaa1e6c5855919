import { Extension } from '@tiptap/core';
import { imageInsertPopup } from './image.toolbar';

/**
 * Opens "Insert Image". Not Froala's Mod-P (the browser's Print); Mod-Alt-G is free in the browsers
 * and has no AltGr character on common layouts.
 */
export const IMAGE_SHORTCUT = 'Mod-Alt-G';

export const ImageShortcut = Extension.create({
  name: 'imageShortcut',
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-g': () => {
        imageInsertPopup.set(true);
        return true;
      },
    };
  },
});
