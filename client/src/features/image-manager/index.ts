import { Images } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { imageManagerStrings } from './image-manager.i18n';
import { ImageManagerState, openImageManager } from './image-manager.extension';
import { ImageManagerControl } from './image-manager.toolbar';

export { openImageManager };

/**
 * Image manager (FROALA-REFERENCE §17): a modal of the document's uploaded images, paged on the
 * server, with tag filter, tag editing, insert/replace and delete. Opened from its toolbar button (right
 * after Insert Image: capabilities.ts lists it after `image`), the image popups and the insert menu.
 */
export const imageManager: Capability = {
  name: 'imageManager',
  extensions: [ImageManagerState],
  i18n: imageManagerStrings,
  // The modal (grid, tag editing, delete) loads the first time it is opened.
  Overlay: {
    ui: () => import('./image-manager.dialog'),
    preload: { open: ({ editor }) => editor.storage.imageManager.open },
  },
  toolbar: [
    {
      kind: 'control',
      id: 'imageManager',
      labelKey: 'imageManager.title',
      icon: Images,
      group: 'insert',
      // On narrow toolbars it goes behind "More" before Insert Image and the other insert buttons.
      priority: 40,
      Component: ImageManagerControl,
    },
  ],
  insertItems: [
    {
      id: 'imageManager',
      labelKey: 'imageManager.title',
      icon: Images,
      keywords: ['image', 'picture', 'gallery', 'manager', 'bild', 'bilder', 'galerie', 'verwalten'],
      run: (editor) => openImageManager(editor),
    },
  ],
};
