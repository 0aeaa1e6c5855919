import { TextCursorInput } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { FormNode, FormsState, selectedForm } from './forms.extension';
import { formsStrings } from './forms.i18n';
import { FormsControl, insertControl } from './forms.toolbar';
import './forms.css';

/**
 * Forms (FROALA-REFERENCE §37): text field, text area, drop-down list, checkbox, radio buttons and button as
 * one `formControl` block atom. Authors select, move and copy them (the controls are inert) and edit them in
 * a popup; viewers can fill them in, locally only. The popup loads when a control is first selected.
 */
export const forms: Capability = {
  name: 'forms',
  extensions: [FormNode, FormsState],
  i18n: formsStrings,
  Overlay: {
    ui: () => import('./forms.overlay'),
    preload: { when: ({ state }) => selectedForm(state.selection) !== null },
  },
  toolbar: [
    {
      kind: 'control',
      id: 'insertForm',
      labelKey: 'forms.label',
      icon: TextCursorInput,
      group: 'insert',
      priority: 20,
      Component: FormsControl,
    },
  ],
  insertItems: [
    {
      id: 'insertForm',
      labelKey: 'forms.quickInsert',
      icon: TextCursorInput,
      keywords: ['form', 'input', 'field', 'checkbox', 'button', 'select', 'formular', 'eingabefeld', 'schaltfläche'],
      run: (editor) => insertControl(editor, 'text'),
    },
  ],
};
