import { TextStyle, type TextStyleOptions } from '@tiptap/extension-text-style';
import type { ParseRule, TagParseRule } from '@tiptap/pm/model';
import type { EditorOptions } from '../../editor-options';
import { modelSpec, parseAttribute, tiptapAttributes, type AttrModel, type AttrModels } from './attribute-model';
import { normalizeCssColor } from './color-value';
import { parseDeclarations, serializeDeclarations } from './css-declarations';
import { styleProperty, type HtmlElementLike } from '../html/html-element';
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

/**
 * How the model stores the CSS value of each attribute with a CSS property of its own: imported HTML (paste,
 * the baseline's `rgb()` spans) and configured inline styles are reduced to one canonical spelling.
 */
type Normalise = (raw: string) => string | null;
const storedValue: ReadonlyMap<string, Normalise> = new Map<string, Normalise>([
  ['fontFamily', (raw) => raw.trim()],
  ['fontSize', (raw) => raw.trim().toLowerCase()],
  ['color', normalizeCssColor],
  ['backgroundColor', normalizeCssColor],
]);

function cssAttribute(attribute: string, property: string, validate: AttrModel['validate']): AttrModel {
  const normalise = storedValue.get(attribute) ?? ((raw: string) => raw);
  return {
    default: null,
    validate: nullOr(validate),
    parse: (el) => {
      const raw = styleProperty(el, property);
      return raw === null ? null : normalise(raw);
    },
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
    fontFamily: cssAttribute('fontFamily', 'font-family', isFontFamily),
    fontSize: cssAttribute('fontSize', 'font-size', isFontSize),
    color: cssAttribute('color', 'color', isCssColor),
    backgroundColor: cssAttribute('backgroundColor', 'background-color', isCssColor),
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

/** The value the model stores for a CSS value of this attribute (`20PX` → `20px`), or null when it refuses it. */
export function textStyleValue(attribute: string, raw: string, options: EditorOptions): string | null {
  const model = textStyleAttributes(options)[attribute];
  const value = storedValue.get(attribute)?.(raw) ?? null;
  return model && value !== null && model.validate(value) ? value : null;
}

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
