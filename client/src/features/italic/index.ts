import { Italic } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { italicStrings } from './italic.i18n';

/** Italic text, from StarterKit's `italic` mark. */
export const italic: Capability = {
  name: 'italic',
  extensions: [],
  i18n: italicStrings,
  toolbar: [
    {
      id: 'italic',
      labelKey: 'italic.label',
      icon: Italic,
      group: 'text',
      shortcut: 'Mod-I',
      isActive: (editor) => editor.isActive('italic'),
      isEnabled: (editor) => canAt(editor).toggleItalic(),
      run: (editor) => editor.chain().focus().toggleItalic().run(),
    },
  ],
};
