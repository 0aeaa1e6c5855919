import type { Attribute } from '@tiptap/core';
import type { HtmlElementLike } from '../html/html-element';
import type { AttrValidator } from './model-types';

/** One attribute of a node or mark in the document model. */
export interface AttrModel {
  /** The value when absent, and what a refused value becomes. */
  readonly default: unknown;
  /** True when a value may be stored as it is (the one validator of this attribute). */
  readonly validate: AttrValidator;
  /**
   * Reads the value from an element, normalised (null when absent); kept only when `validate` accepts it.
   * Without it the node's parse rule supplies the value (or the default).
   */
  readonly parse?: (el: HtmlElementLike) => unknown;
  /** The HTML attributes of a valid string value; without it the node's own renderHTML writes the value. */
  readonly render?: (value: string) => Record<string, string>;
  /** Whether a split node keeps the value (Tiptap's `keepOnSplit`, default true). */
  readonly keepOnSplit?: boolean;
  /**
   * The default is no stored value: a mark must carry a valid one (a suggestion's id). The update guard refuses
   * the mark with the attribute absent or at its default.
   */
  readonly required?: boolean;
}

export type AttrModels = Readonly<Record<string, AttrModel>>;

/** The value of `model` in `el`, when its parser finds one the validator accepts; else null. */
export function parseAttribute(model: AttrModel, el: HtmlElementLike): unknown {
  const value = model.parse?.(el);
  return value !== null && value !== undefined && model.validate(value) ? value : null;
}

/** A stored value as it may be used: the value when the validator accepts it, else the default. */
export function validValue(model: AttrModel, value: unknown): unknown {
  return value === model.default || model.validate(value) ? value : model.default;
}

/** Every attribute of the model read through its validator (invalid → default), for render paths and views. */
export function validAttrs(attrs: Readonly<Record<string, unknown>>, models: AttrModels): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, model] of Object.entries(models)) out[name] = validValue(model, attrs[name]);
  return out;
}

/** Tiptap's attribute configs, generated from the model: parse keeps valid values only, render valid values only. */
export function tiptapAttributes(models: AttrModels): Record<string, Attribute> {
  const out: Record<string, Attribute> = {};
  for (const [name, model] of Object.entries(models)) {
    const { render } = model;
    out[name] = {
      default: model.default,
      keepOnSplit: model.keepOnSplit ?? true,
      // null keeps what the parse rule found (or the default): Tiptap would read `getAttribute(name)` otherwise.
      parseHTML: (el: HtmlElementLike) => parseAttribute(model, el),
      rendered: render !== undefined,
      renderHTML: render
        ? (attributes: Record<string, unknown>) => {
            const value = validValue(model, attributes[name]);
            return typeof value === 'string' && value !== '' ? render(value) : {};
          }
        : null,
    };
  }
  return out;
}

/** The validators of the model's attributes; a default always passes, unless the attribute is required. */
export function validatorsOf(models: AttrModels): Map<string, AttrValidator> {
  return new Map(
    Object.entries(models).map(([name, model]): [string, AttrValidator] => [
      name,
      model.required ? model.validate : (value) => value === model.default || model.validate(value),
    ]),
  );
}

/** The names of the model's required attributes. */
export function requiredOf(models: AttrModels): Set<string> {
  return new Set(Object.keys(models).filter((name) => models[name]?.required === true));
}

/** The schema spec field in which a model node or mark keeps its attribute models. */
const SPEC_FIELD = 'modelAttributes';

/**
 * For Tiptap's `extendNodeSchema`/`extendMarkSchema` of a model node or mark: puts its attribute models into
 * the schema spec of the node or mark named `name` (the hook is asked for every node or mark), so that anything
 * holding a node or a schema reads the same validators (`readAttrs`, `modelAttributesOf`).
 */
export function modelSpec(target: { name: string }, name: string, models: () => AttrModels): Record<string, unknown> {
  return target.name === name ? { [SPEC_FIELD]: models() } : {};
}

/** The spec field of the attributes one model extension adds to several nodes (`globalNodeAttributes`). */
const GLOBAL_SPEC_FIELD = 'modelGlobalAttributes';

const modelsIn = (value: unknown): AttrModels | null =>
  typeof value === 'object' && value !== null ? (value as AttrModels) : null;

/** The attribute models of a schema node or mark type (its own and those added to it), or null when it is not from the model. */
export function modelAttributesOf(type: { readonly spec: Readonly<Record<string, unknown>> }): AttrModels | null {
  const own = modelsIn(type.spec[SPEC_FIELD]);
  const added = modelsIn(type.spec[GLOBAL_SPEC_FIELD]);
  return added ? { ...own, ...added } : own;
}

/**
 * The Tiptap fields of a model extension that adds the same attributes to several nodes (Tiptap's global
 * attributes), with their models in each node's schema spec beside the node's own.
 */
export function globalNodeAttributes(types: readonly string[], models: AttrModels) {
  return {
    addGlobalAttributes: () => [{ types: [...types], attributes: tiptapAttributes(models) }],
    extendNodeSchema: (extension: { name: string }) =>
      types.includes(extension.name) ? { [GLOBAL_SPEC_FIELD]: models } : {},
  };
}

/** A node's or mark's attributes read through the model's validators (invalid → default). */
export function readAttrs(item: {
  readonly type: { readonly spec: Readonly<Record<string, unknown>> };
  readonly attrs: Readonly<Record<string, unknown>>;
}): Record<string, unknown> {
  const models = modelAttributesOf(item.type);
  return models ? validAttrs(item.attrs, models) : { ...item.attrs };
}

/** The Tiptap fields of a model node whose attributes do not depend on the deployment's options. */
export function fixedNodeAttributes(name: string, models: AttrModels) {
  return {
    addAttributes: () => tiptapAttributes(models),
    extendNodeSchema: (extension: { name: string }) => modelSpec(extension, name, () => models),
  };
}

/** The Tiptap fields of a model mark whose attributes do not depend on the deployment's options. */
export function fixedMarkAttributes(name: string, models: AttrModels) {
  return {
    addAttributes: () => tiptapAttributes(models),
    extendMarkSchema: (extension: { name: string }) => modelSpec(extension, name, () => models),
  };
}

/** The schema fields of the model's media nodes: inline atoms that can be selected and dragged. */
export const inlineAtom = { group: 'inline', inline: true, atom: true, selectable: true, draggable: true } as const;
