import type { Editor } from '@tiptap/core';
import { formControlKinds } from '@shared/document/model/form-model';
import { useTranslation } from '../../i18n/use-translation';
import { insertFormControl } from './form-commands';
import { formEditState, selectedForm } from './form-ui';
import { formsPopupStrings } from './forms.strings';
import './forms-popup.css';

export const strings = { forms: formsPopupStrings };

/** The kinds of control to insert, and "Edit Form Control" when one is selected. */
export function FormsMenu({ editor, close }: { editor: Editor; close: () => void }) {
  const { t } = useTranslation();
  const selected = selectedForm(editor.state.selection) !== null;
  return (
    <div className="forms-menu" role="group" aria-label={t('forms.label')}>
      {formControlKinds.map((kind, i) => (
        <button
          key={kind}
          type="button"
          className="ui-button"
          autoFocus={i === 0}
          data-kind={kind}
          onClick={() => {
            close();
            insertFormControl(editor, kind);
          }}
        >
          {t(`forms.kinds.${kind}`)}
        </button>
      ))}
      <button
        type="button"
        className="ui-button"
        disabled={!selected}
        onClick={() => {
          close();
          editor.commands.focus();
          formEditState(editor).set('properties');
        }}
      >
        {t('forms.edit')}
      </button>
    </div>
  );
}

export default FormsMenu;
