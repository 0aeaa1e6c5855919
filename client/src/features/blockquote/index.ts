import { Quote } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { QuoteLevels } from './blockquote.extension';
import { blockquoteStrings } from './blockquote.i18n';
import { QuoteControl } from './blockquote.toolbar';

/** Quote (StarterKit's `blockquote`) as Froala's dropdown: Increase / Decrease the quote level. */
export const blockquote: Capability = {
  name: 'blockquote',
  extensions: [QuoteLevels],
  i18n: blockquoteStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'blockquote',
      labelKey: 'blockquote.label',
      icon: Quote,
      group: 'paragraph',
      shortcut: "Mod-'",
      Component: QuoteControl,
    },
  ],
  insertItems: [
    {
      id: 'blockquote',
      labelKey: 'blockquote.label',
      icon: Quote,
      keywords: ['quote', 'blockquote', 'citation', 'zitat'],
      run: (editor) => editor.chain().focus().increaseQuote().run(),
    },
  ],
  shortcuts: [{ keys: "Mod-Shift-'", labelKey: 'blockquote.decreaseHelp' }],
};
