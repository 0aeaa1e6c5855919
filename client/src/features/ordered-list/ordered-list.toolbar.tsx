import { ListOrdered } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { currentListAttribute, ListTypeMenu, listStyleTypes, setListAttributes } from '../bullet-list';
import { parseListStart } from './list-start';
import './ordered-list.css';

/** The "Ordered List Type" dropdown, with the start number in its footer. */
export function OrderedListTypeControl(props: ToolbarControlProps) {
  return (
    <ListTypeMenu
      {...props}
      listName="orderedList"
      types={listStyleTypes.orderedList}
      display={<Icon of={ListOrdered} />}
      footer={<StartNumberForm editor={props.editor} />}
    />
  );
}

function StartNumberForm({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const current = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      const start = currentListAttribute(e.state, 'orderedList', 'start');
      return typeof start === 'number' ? start : 1;
    },
  });
  const [value, setValue] = useState(String(current));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const start = parseListStart(value);
    setInvalid(start === null);
    if (start !== null) setListAttributes(editor, 'orderedList', { start });
  };
  // The menu's typeahead and arrow keys must not take the keys typed into the field.
  const keepKeys = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') event.stopPropagation();
  };
  return (
    <form className="list-start-form" onSubmit={submit} onKeyDown={keepKeys}>
      <label>
        <span>{t('orderedList.start')}</span>
        <input
          type="text"
          inputMode="numeric"
          size={6}
          value={value}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'list-start-error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
        />
      </label>
      <button type="submit">{t('orderedList.startApply')}</button>
      {invalid && (
        <p id="list-start-error" role="alert" className="list-start-error">
          {t('orderedList.startInvalid')}
        </p>
      )}
    </form>
  );
}
