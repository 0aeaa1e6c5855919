import { Shapes } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { IconNode, IconPicker } from './icons.extension';
import { iconsStrings } from './icons.i18n';
import { IconsControl } from './icons.toolbar';
import './icons.css';

/**
 * Icon picker (FROALA-REFERENCE §39) with Lucide, the set the toolbar already draws with: search in English
 * and German, categories, recently used icons; inserts an inline `icon` node (name, colour, size). The
 * picker and every drawing load on first use.
 */
export const icons: Capability = {
  name: 'icons',
  extensions: [IconNode, IconPicker],
  i18n: iconsStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'insertIcon',
      labelKey: 'icons.label',
      icon: Shapes,
      // In the text row, which has room: the insert row is full at 1400 px (the toolbar keeps to two rows there).
      group: 'text',
      Component: IconsControl,
    },
  ],
  insertItems: [
    {
      id: 'insertIcon',
      labelKey: 'icons.quickInsert',
      icon: Shapes,
      keywords: ['icon', 'symbol', 'font awesome', 'lucide', 'piktogramm'],
      run: (editor) => editor.storage.iconPicker.open.set(true),
    },
  ],
};
