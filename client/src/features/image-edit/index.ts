import type { Capability } from '../../editor/capability';
import { ImageEditKeys } from './image-edit.extension';
import { imageEditStrings } from './image-edit.i18n';
import { ImageLinkSync } from './image-link-sync';
import { ImageEditOverlay } from './image-edit.overlay';

export { parseImageSize } from './image-size';

/**
 * Editing a selected image (FROALA-REFERENCE §16): the edit popup (replace, browse, align, display,
 * caption, alt text, styles, link, remove, size) and the keys of a selected image. No toolbar button.
 */
export const imageEdit: Capability = {
  name: 'imageEdit',
  extensions: [ImageEditKeys, ImageLinkSync],
  i18n: imageEditStrings,
  // Not lazy: a picture or video clicked right after the page opened must get its popup.
  Overlay: ImageEditOverlay,
  toolbar: [],
  shortcuts: [
    { keys: 'Mod-=', labelKey: 'imageEdit.grow' },
    { keys: 'Mod--', labelKey: 'imageEdit.shrink' },
    { keys: 'Alt-F10', labelKey: 'imageEdit.focusPopup' },
  ],
};
