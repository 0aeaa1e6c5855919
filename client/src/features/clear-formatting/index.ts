import { RemoveFormatting } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { ClearFormatting } from './clear-formatting.extension';
import { clearFormattingStrings } from './clear-formatting.i18n';

/** Removes all inline formats (bold … colours, fonts, classes, styles) from the selection. */
export const clearFormatting: Capability = {
  name: 'clearFormatting',
  extensions: [ClearFormatting],
  i18n: clearFormattingStrings,
  toolbar: [
    {
      id: 'clearFormatting',
      labelKey: 'clearFormatting.label',
      icon: RemoveFormatting,
      group: 'text',
      priority: 30,
      run: (editor) => editor.chain().focus().clearFormatting().run(),
    },
  ],
};
