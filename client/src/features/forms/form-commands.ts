import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import i18next from 'i18next';
import {
  FormNodeName,
  readFormAttrs,
  type FormControlAttrs,
  type FormControlKind,
} from '@shared/document/model/form-model';
import { formEditState, selectedForm } from './form-ui';

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

/** Inserts a control as a block at the selection, selects it and opens its properties. */
export function insertFormControl(editor: Editor, kind: FormControlKind): boolean {
  const type = editor.schema.nodes[FormNodeName];
  if (!type || !editor.isEditable) return false;
  const done = editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.replaceSelectionWith(type.create(readFormAttrs(newControl(kind))));
      // Select the new block: it lies in the range the replacement step wrote.
      let from = 0;
      let to = 0;
      tr.steps[tr.steps.length - 1]?.getMap().forEach((_a, _b, start, end) => {
        from = start;
        to = end;
      });
      tr.doc.nodesBetween(from, to, (n, pos) => {
        if (n.type === type && !(tr.selection instanceof NodeSelection))
          tr.setSelection(NodeSelection.create(tr.doc, pos));
        return n.type !== type;
      });
      return true;
    })
    .scrollIntoView()
    .run();
  if (done) formEditState(editor).set('properties');
  return done;
}

/**
 * Changes attributes of the selected control in one transaction (one undo step), keeping it selected.
 * `patch` may be computed from the control as it is when the step is made.
 */
export function updateFormControl(
  editor: Editor,
  patch: Partial<FormControlAttrs> | ((current: FormControlAttrs) => Partial<FormControlAttrs>),
): boolean {
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const selected = selectedForm(tr.selection);
      if (!selected) return false;
      const current = selected.node.attrs as FormControlAttrs;
      const change = typeof patch === 'function' ? patch(current) : patch;
      tr.setNodeMarkup(selected.from, undefined, readFormAttrs({ ...current, ...change }));
      tr.setSelection(NodeSelection.create(tr.doc, selected.from));
      return true;
    })
    .run();
}

/**
 * Turns one style class of the selected control on or off, reading its classes when the step is made: two
 * quick clicks (Large, then Rounded) must not each start from the classes the popup last drew.
 */
export function toggleFormControlStyle(editor: Editor, style: string): boolean {
  return updateFormControl(editor, ({ styles }) => {
    const list = styles.split(' ').filter(Boolean);
    const next = list.includes(style) ? list.filter((s) => s !== style) : [...list, style];
    return { styles: next.join(' ') };
  });
}
