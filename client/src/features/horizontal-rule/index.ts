import { SeparatorHorizontal } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { horizontalRuleStrings } from './horizontal-rule.i18n';

/** A horizontal line between blocks, from StarterKit's horizontalRule node. */
export const horizontalRule: Capability = {
  name: 'horizontalRule',
  extensions: [],
  i18n: horizontalRuleStrings,
  toolbar: [
    {
      id: 'horizontalRule',
      labelKey: 'horizontalRule.label',
      icon: SeparatorHorizontal,
      group: 'insert',
      run: (editor) => editor.chain().focus().setHorizontalRule().run(),
    },
  ],
  insertItems: [
    {
      id: 'horizontalRule',
      labelKey: 'horizontalRule.label',
      icon: SeparatorHorizontal,
      keywords: ['hr', 'line', 'rule', 'divider', 'separator', 'linie', 'trennlinie', 'trenner'],
      run: (editor) => editor.chain().focus().setHorizontalRule().run(),
    },
  ],
};
