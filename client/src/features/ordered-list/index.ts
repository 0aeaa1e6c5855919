import type { Capability } from '../../editor/capability';
import { orderedListStrings } from './ordered-list.i18n';

/** Ordered List, from StarterKit's `orderedList` node. */
export const orderedList: Capability = {
  name: 'orderedList',
  extensions: [],
  i18n: orderedListStrings,
  toolbar: [
    {
      id: 'orderedList',
      labelKey: 'orderedList.label',
      icon: '1.',
      group: 'paragraph',
      shortcut: 'Mod-Shift-7',
      isActive: (editor) => editor.isActive('orderedList'),
      run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    },
  ],
};
