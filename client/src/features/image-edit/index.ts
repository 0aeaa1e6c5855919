import type { Capability } from '../../editor/capability';
import { ImageEditKeys } from './image-edit.extension';
import { imageEditStrings } from './image-edit.i18n';
import { ImageLinkSync } from './image-link-sync';
import { lazyWhenIdle, retryableImport } from '../../editor/ui/lazy-part';

// Not needed for the first paint: fetched when the browser is idle after the page shows.
const importImageEditOverlay = retryableImport(() => import('./image-edit.overlay'));

export { parseImageSize } from './image-size';

/**
 * Editing a selected image (FROALA-REFERENCE §16): the edit popup (replace, browse, align, display,
 * caption, alt text, styles, link, remove, size) and the keys of a selected image. No toolbar button.
 */
export const imageEdit: Capability = {
  name: 'imageEdit',
  extensions: [ImageEditKeys, ImageLinkSync],
  i18n: imageEditStrings,
  Overlay: lazyWhenIdle(() => importImageEditOverlay().then((m) => m.ImageEditOverlay)),
  toolbar: [],
  shortcuts: [
    { keys: 'Mod-=', labelKey: 'imageEdit.grow' },
    { keys: 'Mod--', labelKey: 'imageEdit.shrink' },
    { keys: 'Alt-F10', labelKey: 'imageEdit.focusPopup' },
  ],
};
