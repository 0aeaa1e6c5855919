import { optionLabel } from '../../lib/option-labels';
import { PaintRoller } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { currentParagraphStyles } from './paragraph-style.extension';
import './paragraph-style.css';

/** "Paragraph Style" dropdown: one toggle per configured class, checked when the caret's block has it. */
export function ParagraphStyleMenu({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const current = useEditorUiState({
    editor,
    selector: ({ editor: e }) => currentParagraphStyles(e.state).join(' '),
  });
  const applied = current ? current.split(' ') : [];
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<Icon of={PaintRoller} />}
      kind="checkbox"
      active={applied.length > 0}
      disabled={context.options.paragraphStyles.length === 0}
      entries={context.options.paragraphStyles.map(({ label, value }) => ({
        id: value,
        label: optionLabel('paragraphStyles', { label, value }, t),
        checked: applied.includes(value),
        onSelect: () => editor.chain().focus().toggleParagraphStyle(value).run(),
      }))}
    />
  );
}
