import { TextCursorInput } from 'lucide-react';
import { FormModel } from '@shared/document/model/form-model';
import type { Capability } from '../../editor/core/capability';
import { openStateExtension } from '../../editor/ui/open-state';
import type { OpenStateStorage } from '../../editor/ui/open-state';
import { formsStrings } from './forms.i18n';
import { FormsControl } from './forms.toolbar';

declare module '@tiptap/core' {
  interface Storage {
    formsMenu: OpenStateStorage;
  }
}

/**
 * Forms (FROALA-REFERENCE §37): text field, text area, drop-down list, checkbox, radio buttons and button as
 * one `formControl` block atom. Authors select, move and copy them (the controls are inert) and edit them in
 * a popup; viewers can fill them in, locally only. The first load has the node's schema only: the controls'
 * view, the popup and the menu come when idle (viewers too: they draw the controls).
 */
export const forms: Capability = {
  name: 'forms',
  extensions: [FormModel, openStateExtension('formsMenu')],
  i18n: formsStrings,
  Overlay: { ui: () => import('./forms.overlay'), preload: 'idle' },
  overlayForViewers: true,
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
      keywords: ['form', 'input', 'checkbox', 'button', 'formular', 'eingabefeld'],
      run: (editor) => editor.storage.formsMenu.open.set(true),
    },
  ],
};
