import { Images } from 'lucide-react';
import type { Capability } from '../../editor/capability';
import { imageManagerStrings } from './image-manager.i18n';
import { ImageManagerOverlay, imageManagerOpen, openImageManager } from './image-manager.modal';

export { imageManagerOpen, openImageManager };

/**
 * Image manager (FROALA-REFERENCE §17): a modal of the document's uploaded images, paged on the
 * server, with tag filter, tag editing, insert/replace and delete. Opened from the image popups.
 */
export const imageManager: Capability = {
  name: 'imageManager',
  extensions: [],
  i18n: imageManagerStrings,
  Overlay: ImageManagerOverlay,
  toolbar: [],
  insertItems: [
    {
      id: 'imageManager',
      labelKey: 'imageManager.title',
      icon: Images,
      keywords: ['image', 'picture', 'gallery', 'manager', 'bild', 'bilder', 'galerie', 'verwalten'],
      run: () => openImageManager(),
    },
  ],
};
