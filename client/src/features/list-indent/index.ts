import { IndentDecrease, IndentIncrease } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { canIndent, canOutdent, indent, ListIndent, outdent } from './list-indent.extension';
import { listIndentStrings } from './list-indent.i18n';

/** Increase / Decrease Indent of list items (Froala's `indent` / `outdent` inside lists). */
export const listIndent: Capability = {
  name: 'listIndent',
  extensions: [ListIndent],
  i18n: listIndentStrings,
  toolbar: [
    {
      id: 'outdent',
      labelKey: 'listIndent.decrease',
      icon: IndentDecrease,
      group: 'paragraph',
      shortcut: 'Mod-[',
      priority: 35,
      isEnabled: canOutdent,
      run: (editor) => {
        outdent(editor);
      },
    },
    {
      id: 'indent',
      labelKey: 'listIndent.increase',
      icon: IndentIncrease,
      group: 'paragraph',
      shortcut: 'Mod-]',
      priority: 35,
      isEnabled: canIndent,
      run: (editor) => {
        indent(editor);
      },
    },
  ],
  shortcuts: [
    { keys: 'Tab', labelKey: 'listIndent.increase' },
    { keys: 'Shift-Tab', labelKey: 'listIndent.decrease' },
  ],
};
