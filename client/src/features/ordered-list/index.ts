import { ListOrdered } from 'lucide-react';
import { withChevron } from '../../editor/ui/icon';
import type { Capability } from '../../editor/core/capability';
import { orderedListStrings } from './ordered-list.i18n';
import { OrderedListTypeControl } from './ordered-list.toolbar';

/** Ordered List (StarterKit's `orderedList`) with advanced list types and a start number. */
export const orderedList: Capability = {
  name: 'orderedList',
  // The node and its `listStyleType`, `start` and `type` come from the document model (the editor core).
  extensions: [],
  i18n: orderedListStrings,
  toolbar: [
    {
      id: 'orderedList',
      labelKey: 'orderedList.label',
      icon: ListOrdered,
      group: 'paragraph',
      shortcut: 'Mod-Shift-7',
      isActive: (editor) => editor.isActive('orderedList'),
      run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      kind: 'control',
      id: 'orderedListType',
      labelKey: 'orderedList.typeLabel',
      icon: withChevron(ListOrdered),
      group: 'paragraph',
      priority: 30,
      Component: OrderedListTypeControl,
    },
  ],
  insertItems: [
    {
      id: 'orderedList',
      labelKey: 'orderedList.label',
      icon: ListOrdered,
      keywords: ['numbered', 'list', 'ol', 'ordered', 'nummerierte', 'liste'],
      run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    },
  ],
};
