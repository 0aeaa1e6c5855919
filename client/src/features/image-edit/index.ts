import type { Capability } from '../../editor/core/capability';
import { ImageEditKeys } from './image-edit.extension';
import { imageEditStrings } from './image-edit.i18n';
import { ImageLinkSync } from './image-link-sync';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';

/**
 * Editing a selected image (FROALA-REFERENCE §16): the edit popup (replace, browse, align, display,
 * caption, alt text, styles, link, remove, size) and the keys of a selected image. No toolbar button.
 */
export const imageEdit: Capability = {
  name: 'imageEdit',
  extensions: [ImageEditKeys, ImageLinkSync],
  i18n: imageEditStrings,
  // The popup's code is fetched when idle, or at once when a picture is selected (it then shows as it
  // arrives; an Alt+F10 pressed meanwhile waits for it).
  Overlay: {
    ui: () => import('./image-edit.overlay'),
    preload: {
      when: ({ state: { selection } }) =>
        selection instanceof NodeSelection && selection.node.type.name === MediaNodes.image.node,
    },
  },
  toolbar: [],
  shortcuts: [
    { keys: 'Mod-=', labelKey: 'imageEdit.grow' },
    { keys: 'Mod--', labelKey: 'imageEdit.shrink' },
    { keys: 'Alt-F10', labelKey: 'imageEdit.focusPopup' },
  ],
};
