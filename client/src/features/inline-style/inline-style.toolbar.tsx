import { useTranslation } from '../../i18n/use-translation';
import { optionLabel } from '../../lib/option-labels';
import { Brush } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { toReactStyle } from './react-style';

/** "Inline Style" dropdown: each configured style previewed in itself; choosing one applies it. */
export function InlineStyleControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  return (
    <ToolbarMenu
      trigger={trigger}
      kind="action"
      display={<Icon of={Brush} />}
      entries={context.options.inlineStyles.map((s) => ({
        id: s.label,
        label: optionLabel('inlineStyles', s, t),
        style: toReactStyle(s.value),
        onSelect: () => editor.chain().focus().applyInlineStyle(s.value).run(),
      }))}
    />
  );
}
