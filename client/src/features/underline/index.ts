import { Underline } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { underlineStrings } from './underline.i18n';

/** Underline text, from StarterKit's `underline` mark. */
export const underline: Capability = {
  name: 'underline',
  extensions: [],
  i18n: underlineStrings,
  toolbar: [
    {
      id: 'underline',
      labelKey: 'underline.label',
      icon: Underline,
      group: 'text',
      shortcut: 'Mod-U',
      isActive: (editor) => editor.isActive('underline'),
      isEnabled: (editor) => canAt(editor).toggleUnderline(),
      run: (editor) => editor.chain().focus().toggleUnderline().run(),
    },
  ],
};
