import { Image } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { ImageNode } from './image.extension';
import { imageStrings } from './image.i18n';
import { ImageInsertControl, ImageInsertPopup } from './image.toolbar';
import { ImageShortcut, IMAGE_SHORTCUT } from './image-shortcut';
import './image.css';

export { insertImage, selectedImage, updateImage } from './image-commands';
export type { ImageAttrs } from './image-commands';

/** Images (FROALA-REFERENCE §16): the `image` node, insert by upload, URL or the image manager. */
export const image: Capability = {
  name: 'image',
  extensions: (context) => [ImageNode.configure({ editorOptions: context.options }), ImageShortcut, ImageInsertPopup],
  i18n: imageStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'insertImage',
      labelKey: 'image.insertImage',
      icon: Image,
      group: 'insert',
      shortcut: IMAGE_SHORTCUT,
      Component: ImageInsertControl,
    },
  ],
  insertItems: [
    {
      id: 'image',
      labelKey: 'image.label',
      icon: Image,
      keywords: ['image', 'picture', 'photo', 'upload', 'bild', 'foto', 'grafik', 'hochladen'],
      run: (editor) => editor.storage.imageInsertPopup.open.set(true),
    },
  ],
};
