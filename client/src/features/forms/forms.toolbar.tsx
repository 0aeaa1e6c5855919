import type { Editor } from '@tiptap/core';
import { TextCursorInput } from 'lucide-react';
import { formControlKinds, type FormControlAttrs, type FormControlKind } from '@shared/document/model/form-model';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import i18next from 'i18next';
import { selectedForm } from './forms.extension';

/** A new control of this kind with a label and options in the author's language. */
export function newControl(control: FormControlKind): Partial<FormControlAttrs> {
  const t = i18next.t.bind(i18next);
  const choice = control === 'select' || control === 'radio';
  return {
    control,
    label: t(control === 'button' ? 'forms.newButton' : 'forms.newLabel'),
    options: choice ? [1, 2, 3].map((n) => t('forms.newOption', { n })) : [],
  };
}

/** Inserts a control and opens its properties. */
export function insertControl(editor: Editor, control: FormControlKind): void {
  if (editor.chain().focus().insertFormControl(newControl(control)).run()) editor.storage.forms.edit.set('properties');
}

/** "Form Controls": a menu of the kinds to insert, and "Edit Form Control" when one is selected. */
export function FormsControl({ editor, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const selected = useEditorUiState({ editor, selector: ({ editor: e }) => selectedForm(e.state.selection) !== null });
  return (
    <ToolbarMenu
      trigger={trigger}
      display={<Icon of={TextCursorInput} />}
      kind="action"
      active={selected}
      entries={[
        ...formControlKinds.map((kind) => ({
          id: kind,
          label: t(`forms.kinds.${kind}`),
          onSelect: () => insertControl(editor, kind),
        })),
        {
          id: 'edit',
          label: t('forms.edit'),
          separatorBefore: true,
          disabled: !selected,
          onSelect: () => {
            editor.commands.focus();
            editor.storage.forms.edit.set('properties');
          },
        },
      ]}
    />
  );
}
