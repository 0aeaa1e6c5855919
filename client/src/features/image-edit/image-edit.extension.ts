import { Extension, type Editor } from '@tiptap/core';
import { caretBesideImage, insertBreakBeforeImage, removeSelectedImage, selectedImage } from './image-edit-commands';
import { requestImagePopupFocus } from './image-edit-events';
import { zoomSelectedImage } from './image-zoom';

/** Runs `command` only while an image is selected; otherwise the key goes to the other handlers. */
function onImage(editor: Editor, command: () => boolean): () => boolean {
  return () => (editor.isEditable && selectedImage(editor.state) ? command() : false);
}

/**
 * Keys on a selected image (FROALA-REFERENCE §16): Backspace/Delete remove it, Escape/Tab deselect
 * (caret after), ←/→ caret before/after, Enter a line break before it, Mod-=/Mod-- grow/shrink,
 * Alt+F10 into the edit popup. Higher priority than lists, paragraphs and the upload canceller.
 */
export const ImageEditKeys = Extension.create({
  name: 'imageEditKeys',
  priority: 1000,

  addKeyboardShortcuts() {
    const { editor } = this;
    const grow = onImage(editor, () => zoomSelectedImage(editor, 1));
    const shrink = onImage(editor, () => zoomSelectedImage(editor, -1));
    const after = onImage(editor, () => caretBesideImage(editor, 'after'));
    const remove = onImage(editor, () => removeSelectedImage(editor));
    return {
      Backspace: remove,
      Delete: remove,
      Escape: after,
      Tab: after,
      ArrowRight: after,
      ArrowLeft: onImage(editor, () => caretBesideImage(editor, 'before')),
      Enter: onImage(editor, () => insertBreakBeforeImage(editor)),
      'Mod-=': grow,
      'Mod-+': grow,
      'Mod--': shrink,
      'Alt-F10': onImage(editor, () => requestImagePopupFocus(editor)),
    };
  },
});
