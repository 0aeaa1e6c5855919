import { Strikethrough } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { strikeStrings } from './strike.i18n';

/** Strikethrough text, from StarterKit's `strike` mark. */
export const strike: Capability = {
  name: 'strike',
  extensions: [],
  i18n: strikeStrings,
  toolbar: [
    {
      id: 'strike',
      labelKey: 'strike.label',
      icon: Strikethrough,
      group: 'text',
      shortcut: 'Mod-Shift-S',
      isActive: (editor) => editor.isActive('strike'),
      isEnabled: (editor) => canAt(editor).toggleStrike(),
      run: (editor) => editor.chain().focus().toggleStrike().run(),
    },
  ],
};
