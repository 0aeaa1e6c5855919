import { List } from 'lucide-react';
import { withChevron } from '../../editor/ui/icon';
import type { Capability } from '../../editor/core/capability';
import { bulletListStrings } from './bullet-list.i18n';
import { BulletListTypeControl } from './bullet-list.toolbar';

export { currentListAttribute, currentListStyle, listStyleTypes, setListAttributes, setListStyle } from './list-style';
export { ListTypeMenu } from './bullet-list.toolbar';

/** Unordered List (StarterKit's `bulletList`) with Froala's advanced list types. */
export const bulletList: Capability = {
  name: 'bulletList',
  // The node and its `listStyleType` come from the document model (the editor core).
  extensions: [],
  i18n: bulletListStrings,
  toolbar: [
    {
      id: 'bulletList',
      labelKey: 'bulletList.label',
      icon: List,
      group: 'paragraph',
      shortcut: 'Mod-Shift-8',
      isActive: (editor) => editor.isActive('bulletList'),
      run: (editor) => editor.chain().focus().toggleBulletList().run(),
    },
    {
      kind: 'control',
      id: 'bulletListType',
      labelKey: 'bulletList.typeLabel',
      icon: withChevron(List),
      group: 'paragraph',
      priority: 30,
      Component: BulletListTypeControl,
    },
  ],
  insertItems: [
    {
      id: 'bulletList',
      labelKey: 'bulletList.label',
      icon: List,
      keywords: ['bullet', 'list', 'ul', 'unordered', 'aufzählung', 'liste'],
      run: (editor) => editor.chain().focus().toggleBulletList().run(),
    },
  ],
};
