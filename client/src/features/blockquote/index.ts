import type { Capability } from '../../editor/capability';
import { blockquoteStrings } from './blockquote.i18n';

/** Quote, from StarterKit's `blockquote` node. */
export const blockquote: Capability = {
  name: 'blockquote',
  extensions: [],
  i18n: blockquoteStrings,
  toolbar: [
    {
      id: 'blockquote',
      labelKey: 'blockquote.label',
      icon: '❝',
      group: 'paragraph',
      shortcut: 'Mod-Shift-B',
      isActive: (editor) => editor.isActive('blockquote'),
      run: (editor) => editor.chain().focus().toggleBlockquote().run(),
    },
  ],
};
