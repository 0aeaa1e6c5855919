import { Extension } from '@tiptap/core';

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
        this.editor.storage.imageInsertPopup.open.set(true);
        return true;
      },
    };
  },
});
