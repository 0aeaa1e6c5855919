import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { fixedNodeAttributes, validAttrs, type AttrModel, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import { classListValidator, oneOf } from './validators';

/**
 * Form controls (FROALA-REFERENCE §37): one block atom `formControl` whose `control` attribute says which
 * control it is. One node rather than six: the kinds share nearly every attribute, one properties popup,
 * one set of validators and one export path, and a kind can change in place without replacing the node.
 */
export const FormNodeName = 'formControl';

export const formControlKinds = ['text', 'textarea', 'select', 'checkbox', 'radio', 'button'] as const;
export type FormControlKind = (typeof formControlKinds)[number];
export const formInputTypes = ['text', 'email', 'number', 'tel', 'url', 'password', 'date'] as const;
export type FormInputType = (typeof formInputTypes)[number];
/** The Style choices (Froala's `formStyles`), several at once. */
export const formStyleClasses = ['fr-rounded', 'fr-large'] as const;

export const FormLimits = {
  maxNameChars: 64,
  maxLabelChars: 200,
  maxValueChars: 1_000,
  maxOptions: 20,
  maxOptionChars: 100,
} as const;

export interface FormControlAttrs {
  control: FormControlKind;
  /** The field's name when submitted ('' for none): a letter, then letters, digits, `_ - . [ ]`. */
  name: string;
  /** The label (a button's text). */
  label: string;
  placeholder: string;
  /** The default value (text, text area; the preselected option of a select or radio group). */
  value: string;
  inputType: FormInputType;
  required: boolean;
  /** A checkbox's default state. */
  checked: boolean;
  /** A select's or radio group's options. */
  options: string[];
  /** Space-separated Style classes. */
  styles: string;
}

// One line of text without control characters (labels, options, values).
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const line =
  (max: number) =>
  (v: unknown): boolean =>
    typeof v === 'string' && v.length <= max && !CONTROL_CHARS.test(v);
const NAME = /^[A-Za-z][\w.[\]-]*$/;
const isName = (v: unknown): boolean => v === '' || (line(FormLimits.maxNameChars)(v) && NAME.test(v as string));
const isOption = (v: unknown): boolean => v !== '' && line(FormLimits.maxOptionChars)(v);
const isOptions = (v: unknown): boolean =>
  Array.isArray(v) && v.length <= FormLimits.maxOptions && v.every(isOption) && new Set(v).size === v.length;
const isFlag = (v: unknown): boolean => typeof v === 'boolean';

const readOptions = (el: HtmlElementLike): unknown => {
  try {
    return JSON.parse(el.getAttribute('data-options') ?? '[]');
  } catch {
    return null;
  }
};
const data = (name: string) => (el: HtmlElementLike) => el.getAttribute(`data-${name}`);
const flag = (name: string) => (el: HtmlElementLike) => el.hasAttribute(`data-${name}`);
const text = (max: number, name: string): AttrModel => ({ default: '', validate: line(max), parse: data(name) });

const attributes: AttrModels = {
  control: { default: 'text', validate: oneOf(formControlKinds), parse: data('control') },
  name: { default: '', validate: isName, parse: data('name') },
  label: text(FormLimits.maxLabelChars, 'label'),
  placeholder: text(FormLimits.maxLabelChars, 'placeholder'),
  value: text(FormLimits.maxValueChars, 'value'),
  inputType: { default: 'text', validate: oneOf(formInputTypes), parse: data('type') },
  required: { default: false, validate: isFlag, parse: flag('required') },
  checked: { default: false, validate: isFlag, parse: flag('checked') },
  options: { default: [], validate: isOptions, parse: readOptions },
  styles: { default: '', validate: classListValidator(formStyleClasses, ''), parse: data('styles') },
};

/** The validators of one attribute, for the properties popup (a value it refuses is not applied). */
export const formAttrValid = (name: keyof FormControlAttrs, value: unknown): boolean =>
  attributes[name]?.validate(value) ?? false;

/** The control's attributes read through the validators (invalid → default). */
export function readFormAttrs(attrs: Readonly<Record<string, unknown>>): FormControlAttrs {
  // Every value passed its validator (or is the default), so it has the type FormControlAttrs names.
  return validAttrs(attrs, attributes) as unknown as FormControlAttrs;
}

const opt = (key: string, v: string): Record<string, string> => (v ? { [key]: v } : {});
const bool = (key: string, b: boolean): Record<string, string> => (b ? { [key]: '' } : {});

/** The control itself: real `<input>`, `<textarea>`, `<select>`, `<button>` from validated attributes only. */
function controlSpec(a: FormControlAttrs): DOMOutputSpec {
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

/**
 * `<div class="fr-form" data-…>` holding the real control: the wrapper's `data-` attributes are what is read
 * back (the control inside is only drawn from them, so a pasted control cannot smuggle other attributes in).
 */
export function formDomSpec(a: FormControlAttrs): DOMOutputSpec {
  const attrs: Record<string, string> = {
    class: 'fr-form',
    'data-control': a.control,
    ...opt('data-name', a.name),
    ...opt('data-label', a.label),
    ...opt('data-placeholder', a.placeholder),
    ...opt('data-value', a.value),
    ...(a.inputType !== 'text' ? { 'data-type': a.inputType } : {}),
    ...bool('data-required', a.required),
    ...bool('data-checked', a.checked),
    ...(a.options.length ? { 'data-options': JSON.stringify(a.options) } : {}),
    ...opt('data-styles', a.styles),
  };
  return ['div', attrs, controlSpec(a)];
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

export const FormModel = Node.create({
  name: FormNodeName,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  ...fixedNodeAttributes(FormNodeName, attributes),

  parseHTML() {
    return [{ tag: 'div.fr-form[data-control]', priority: 60 }];
  },

  renderHTML({ node }) {
    return formDomSpec(readFormAttrs(node.attrs));
  },

  renderText({ node }) {
    return formControlLines(readFormAttrs(node.attrs)).join('\n');
  },
});
