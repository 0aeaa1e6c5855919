import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { fixedNodeAttributes, validAttrs, type AttrModel, type AttrModels } from './attribute-model';
import type { AttrValidator } from './model-types';
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

/** The stored attributes of a wrapper (`data-form`, JSON of the values that differ from the defaults). */
function dataOf(el: HtmlElementLike): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(el.getAttribute('data-form') ?? '{}');
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const fields: Record<keyof FormControlAttrs, [unknown, AttrValidator]> = {
  control: ['text', oneOf(formControlKinds)],
  name: ['', isName],
  label: ['', line(FormLimits.maxLabelChars)],
  placeholder: ['', line(FormLimits.maxLabelChars)],
  value: ['', line(FormLimits.maxValueChars)],
  inputType: ['text', oneOf(formInputTypes)],
  required: [false, isFlag],
  checked: [false, isFlag],
  options: [[], isOptions],
  styles: ['', classListValidator(formStyleClasses, '')],
};

const attributes: AttrModels = Object.fromEntries(
  Object.entries(fields).map(([key, [value, validate]]): [string, AttrModel] => [
    key,
    { default: value, validate, parse: (el) => dataOf(el)[key] },
  ]),
);

/** The validators of one attribute, for the properties popup (a value it refuses is not applied). */
export const formAttrValid = (name: keyof FormControlAttrs, value: unknown): boolean =>
  attributes[name]?.validate(value) ?? false;

/** The control's attributes read through the validators (invalid → default). */
export function readFormAttrs(attrs: Readonly<Record<string, unknown>>): FormControlAttrs {
  // Every value passed its validator (or is the default), so it has the type FormControlAttrs names.
  return validAttrs(attrs, attributes) as unknown as FormControlAttrs;
}

/**
 * `<div class="fr-form" data-form="{…}">`: the values that differ from the defaults, which are what is read
 * back. The exports put the real control inside (`html/form-html.ts`) and the editor draws it on demand; a
 * control pasted inside the wrapper is never read, so it cannot smuggle other attributes in.
 */
export function formWrapperSpec(a: FormControlAttrs, ...children: DOMOutputSpec[]): DOMOutputSpec {
  const data = Object.fromEntries(
    Object.entries(a).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(fields[k as keyof FormControlAttrs][0])),
  );
  return ['div', { class: 'fr-form', 'data-form': JSON.stringify(data) }, ...children];
}

export const FormModel = Node.create({
  name: FormNodeName,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  ...fixedNodeAttributes(FormNodeName, attributes),

  parseHTML() {
    return [{ tag: 'div.fr-form[data-form]', priority: 60 }];
  },

  renderHTML({ node }) {
    return formWrapperSpec(readFormAttrs(node.attrs));
  },

  renderText({ node }) {
    return readFormAttrs(node.attrs).label;
  },
});
