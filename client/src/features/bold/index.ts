import { Bold } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { boldStrings } from './bold.i18n';

/** Bold text, from StarterKit's `bold` mark. */
export const bold: Capability = {
  name: 'bold',
  extensions: [],
  i18n: boldStrings,
  toolbar: [
    {
      id: 'bold',
      labelKey: 'bold.label',
      icon: Bold,
      group: 'text',
      shortcut: 'Mod-B',
      isActive: (editor) => editor.isActive('bold'),
      isEnabled: (editor) => canAt(editor).toggleBold(),
      run: (editor) => editor.chain().focus().toggleBold().run(),
    },
  ],
};
