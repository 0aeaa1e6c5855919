import { TextStyle, type TextStyleOptions } from '@tiptap/extension-text-style';
import type { ParseRule, TagParseRule } from '@tiptap/pm/model';
import type { EditorOptions } from '../editor-options';
import { modelSpec, parseAttribute, tiptapAttributes, type AttrModel, type AttrModels } from './attribute-model';
import { normalizeCssColor } from './color-value';
import { parseDeclarations, serializeDeclarations } from './css-declarations';
import { styleProperty, type HtmlElementLike } from './html-element';
import { defaultModelOptions, perOptions, type ModelOptions } from './model-options';
import {
  classListValidator,
  inlineClassValues,
  isCssColor,
  isFontFamily,
  isFontSize,
  isInlineStyle,
  keepClasses,
  nullOr,
} from './validators';

function colorAttribute(property: 'color' | 'background-color'): AttrModel {
  return {
    default: null,
    validate: nullOr(isCssColor),
    // Imported HTML (paste, the baseline's `rgb()` spans) is reduced to a safe, canonical value.
    parse: (el) => normalizeCssColor(styleProperty(el, property)),
    render: (value) => ({ style: `${property}: ${value}` }),
  };
}

/** The configured inline classes of a `class` value, in configured order, or null when none. */
export function allowedInlineClasses(value: unknown, classes: readonly string[]): string | null {
  const present = new Set(keepClasses(value, new Set(classes)));
  const kept = classes.filter((c) => present.has(c));
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * The six attributes of the shared `textStyle` span: font family and size, text and background colour,
 * the deployment's inline classes, and other safe declarations of the span's style (`inlineStyle`).
 */
export const textStyleAttributes = perOptions((options: EditorOptions): AttrModels => {
  const classes = inlineClassValues(options);
  return {
    fontFamily: {
      default: null,
      validate: nullOr(isFontFamily),
      parse: (el) => styleProperty(el, 'font-family'),
      render: (value) => ({ style: `font-family: ${value}` }),
    },
    fontSize: {
      default: null,
      validate: nullOr(isFontSize),
      parse: (el) => styleProperty(el, 'font-size')?.toLowerCase() ?? null,
      render: (value) => ({ style: `font-size: ${value}` }),
    },
    color: colorAttribute('color'),
    backgroundColor: colorAttribute('background-color'),
    inlineClass: {
      default: null,
      validate: classListValidator(classes, null),
      parse: (el) => allowedInlineClasses(el.getAttribute('class'), classes),
      render: (value) => ({ class: value }),
    },
    inlineStyle: {
      default: null,
      validate: nullOr(isInlineStyle),
      // Mapped properties (font, colours) belong to their own attributes; only the others are kept here.
      parse: (el) => {
        const own = parseDeclarations(el.getAttribute('style') ?? '', false);
        return own.length > 0 ? serializeDeclarations(own) : null;
      },
      render: (value) => ({ style: value }),
    },
  };
});

const isTagRule = (rule: ParseRule): rule is TagParseRule => 'tag' in rule;

/**
 * The `textStyle` mark (`<span style class>`) on Tiptap's TextStyle, with the model's six attributes. A span
 * is a text style only when one of them takes something from it, so pasted spans with nothing we keep
 * leave no bare `<span>` behind.
 */
export const TextStyleModel = TextStyle.extend<TextStyleOptions & ModelOptions>({
  addOptions() {
    return { HTMLAttributes: {}, ...this.parent?.(), mergeNestedSpanStyles: true, ...defaultModelOptions() };
  },

  addAttributes() {
    return tiptapAttributes(textStyleAttributes(this.options.editorOptions));
  },

  extendMarkSchema(extension) {
    return modelSpec(extension, 'textStyle', () => textStyleAttributes(this.options.editorOptions));
  },

  parseHTML() {
    const models = Object.values(textStyleAttributes(this.options.editorOptions));
    const recognised = (el: HtmlElementLike): boolean => models.some((m) => parseAttribute(m, el) !== null);
    const rules = (this.parent?.() ?? []).map((rule): ParseRule => {
      if (!isTagRule(rule) || !rule.getAttrs) return rule;
      const { getAttrs } = rule;
      const checked: TagParseRule = {
        ...rule,
        getAttrs: (el) => {
          const attrs = getAttrs(el);
          return attrs === false || !recognised(el) ? false : attrs;
        },
      };
      return checked;
    });
    return [
      ...rules,
      {
        tag: 'span[class]:not([style])',
        consuming: false,
        getAttrs: (el: HtmlElementLike) => (recognised(el) ? {} : false),
      },
    ];
  },
});
