import { optionLabel } from '../../lib/option-labels';
import { AlignVerticalSpaceAround } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { currentLineHeight } from './line-height.extension';

/** "Line Height" dropdown: one entry per configured line height, the current one checked. */
export function LineHeightMenu({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const current = useEditorUiState({ editor, selector: ({ editor: e }) => currentLineHeight(e.state) });
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<Icon of={AlignVerticalSpaceAround} />}
      kind="radio"
      active={current !== ''}
      entries={context.options.lineHeights.map(({ label, value }) => ({
        id: value === '' ? 'default' : value,
        label: optionLabel('lineHeights', { label, value }, t),
        checked: value === current,
        onSelect: () => editor.chain().focus().setBlockLineHeight(value).run(),
      }))}
    />
  );
}
