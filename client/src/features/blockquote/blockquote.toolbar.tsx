import { Quote } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { shortcutLabel } from '../../editor/core/toolbar/shortcut-label';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { decreaseQuote, increaseQuote } from './blockquote.extension';

/** The "Quote" dropdown: Increase (wrap in a new level) and Decrease (lift one level). */
export function QuoteControl({ editor, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const state = useEditorUiState({
    editor,
    selector: ({ editor: e }) => ({
      active: e.isActive('blockquote'),
      canIncrease: increaseQuote(e.state),
      canDecrease: decreaseQuote(e.state),
    }),
  });
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<Icon of={Quote} />}
      kind="action"
      active={state.active}
      entries={[
        {
          id: 'increase',
          label: t('blockquote.increase'),
          hint: shortcutLabel("Mod-'"),
          disabled: !state.canIncrease,
          onSelect: () => editor.chain().focus().increaseQuote().run(),
        },
        {
          id: 'decrease',
          label: t('blockquote.decrease'),
          hint: shortcutLabel("Mod-Shift-'"),
          disabled: !state.canDecrease,
          onSelect: () => editor.chain().focus().decreaseQuote().run(),
        },
      ]}
    />
  );
}
