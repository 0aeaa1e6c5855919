import { SquareCode } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { codeBlockStrings } from './code-block.i18n';

/** Code Block, from StarterKit's `codeBlock` node. */
export const codeBlock: Capability = {
  name: 'codeBlock',
  extensions: [],
  i18n: codeBlockStrings,
  toolbar: [
    {
      id: 'codeBlock',
      labelKey: 'codeBlock.label',
      icon: SquareCode,
      group: 'paragraph',
      shortcut: 'Mod-Alt-C',
      isActive: (editor) => editor.isActive('codeBlock'),
      run: (editor) => editor.chain().focus().toggleCodeBlock().run(),
    },
  ],
  insertItems: [
    {
      id: 'codeBlock',
      labelKey: 'codeBlock.label',
      icon: SquareCode,
      keywords: ['code', 'pre', 'source', 'snippet', 'quelltext', 'programmcode'],
      run: (editor) => editor.chain().focus().setCodeBlock().run(),
    },
  ],
};
