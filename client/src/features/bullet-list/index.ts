import type { Capability } from '../../editor/capability';
import { bulletListStrings } from './bullet-list.i18n';

/** Unordered List, from StarterKit's `bulletList` node. */
export const bulletList: Capability = {
  name: 'bulletList',
  extensions: [],
  i18n: bulletListStrings,
  toolbar: [
    {
      id: 'bulletList',
      labelKey: 'bulletList.label',
      icon: '•',
      group: 'paragraph',
      shortcut: 'Mod-Shift-8',
      isActive: (editor) => editor.isActive('bulletList'),
      run: (editor) => editor.chain().focus().toggleBulletList().run(),
    },
  ],
};
