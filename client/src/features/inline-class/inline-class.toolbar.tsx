import { useTranslation } from '../../i18n/use-translation';
import { optionLabel } from '../../lib/option-labels';
import { Tag } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { activeInlineClasses } from './inline-class.extension';
import './inline-class.css';

/** "Inline Class" dropdown: one checkbox per configured class, the applied ones checked. */
export function InlineClassControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const classes = context.options.inlineClasses;
  const active = useEditorUiState({
    editor,
    selector: ({ editor: e }) =>
      activeInlineClasses(
        e.state,
        classes.map((c) => c.value),
      ).join(' '),
  });
  const on = new Set(active.split(' '));
  return (
    <ToolbarMenu
      trigger={trigger}
      kind="checkbox"
      display={<Icon of={Tag} />}
      active={active !== ''}
      entries={classes.map((c) => ({
        id: c.value,
        label: optionLabel('inlineClasses', c, t),
        checked: on.has(c.value),
        onSelect: () => editor.chain().focus().toggleInlineClass(c.value).run(),
      }))}
    />
  );
}
