import type { DOMOutputSpec, Node as PmNode } from '@tiptap/pm/model';
import { formWrapperSpec, readFormAttrs, type FormControlAttrs } from '../model/form-model';

/**
 * The form control as the exports and the editor draw it (FROALA-REFERENCE §37): real `<input>`, `<textarea>`,
 * `<select>`, `<button type="button">` inside the model's wrapper, from validated attributes only; and a
 * readable text for plain text, PDF and Word. Kept out of the model so the editor's first load does without it.
 */

const opt = (key: string, v: string): Record<string, string> => (v ? { [key]: v } : {});
const bool = (key: string, b: boolean): Record<string, string> => (b ? { [key]: '' } : {});

/** The control itself: real `<input>`, `<textarea>`, `<select>`, `<button>` from validated attributes only. */
export function formControlSpec(a: FormControlAttrs): DOMOutputSpec {
  const common = { ...opt('name', a.name), ...opt('class', a.styles), ...bool('required', a.required) };
  const labelled = (control: DOMOutputSpec): DOMOutputSpec => ['label', ['span', a.label], control];
  switch (a.control) {
    case 'button':
      return ['button', { type: 'button', ...opt('name', a.name), ...opt('class', a.styles) }, a.label];
    case 'checkbox':
      return ['label', ['input', { type: 'checkbox', ...common, ...bool('checked', a.checked) }], ['span', a.label]];
    case 'textarea':
      return labelled(['textarea', { ...common, ...opt('placeholder', a.placeholder) }, a.value]);
    case 'select':
      return labelled([
        'select',
        common,
        ...a.options.map((o): DOMOutputSpec => ['option', { value: o, ...bool('selected', o === a.value) }, o]),
      ]);
    case 'radio':
      return [
        'fieldset',
        ['legend', a.label],
        ...a.options.map((o): DOMOutputSpec => [
          'label',
          ['input', { type: 'radio', value: o, ...common, ...bool('checked', o === a.value) }],
          ['span', o],
        ]),
      ];
    default:
      return labelled([
        'input',
        { type: a.inputType, ...common, ...opt('placeholder', a.placeholder), ...opt('value', a.value) },
      ]);
  }
}

/** The wrapper with the real control inside (HTML export, Markdown, the editor's view). */
export function formExportSpec(node: PmNode): DOMOutputSpec {
  const a = readFormAttrs(node.attrs);
  return formWrapperSpec(a, formControlSpec(a));
}

/** A readable text of the control for plain text, PDF and Word: `[ ] label`, `Label: ______`, options listed. */
export function formControlLines(a: FormControlAttrs): string[] {
  const req = a.required ? ' *' : '';
  switch (a.control) {
    case 'button':
      return [`[ ${a.label} ]`];
    case 'checkbox':
      return [`${a.checked ? '[x]' : '[ ]'} ${a.label}${req}`];
    case 'select':
    case 'radio': {
      const box = a.control === 'radio' ? ['( )', '(•)'] : ['[ ]', '[x]'];
      return [`${a.label}${req}:`, ...a.options.map((o) => `  ${box[o === a.value ? 1 : 0] ?? ''} ${o}`)];
    }
    default: {
      const shown = a.value || a.placeholder;
      return [`${a.label}${req}: ${shown ? `${shown} ` : ''}______`];
    }
  }
}

/** The readable lines of a form control node as paragraphs (PDF and Word draw them as text). */
export function formLines(node: PmNode): PmNode[] {
  const { schema } = node.type;
  const paragraph = schema.nodes.paragraph;
  if (!paragraph) return [];
  return formControlLines(readFormAttrs(node.attrs)).map((line) => paragraph.create(null, schema.text(line)));
}
