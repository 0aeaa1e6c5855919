import { Code } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { codeStrings } from './code.i18n';

/** Code text, from StarterKit's `code` mark. */
export const code: Capability = {
  name: 'code',
  extensions: [],
  i18n: codeStrings,
  toolbar: [
    {
      id: 'code',
      labelKey: 'code.label',
      icon: Code,
      group: 'text',
      shortcut: 'Mod-E',
      isActive: (editor) => editor.isActive('code'),
      isEnabled: (editor) => canAt(editor).toggleCode(),
      run: (editor) => editor.chain().focus().toggleCode().run(),
    },
  ],
};
