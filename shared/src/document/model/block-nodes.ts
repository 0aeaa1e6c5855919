import { mergeAttributes, textblockTypeInputRule } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { backtickInputRegex, CodeBlock, tildeInputRegex } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading, type HeadingOptions } from '@tiptap/extension-heading';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { BulletList } from '@tiptap/extension-list/bullet-list';
import { ListItem } from '@tiptap/extension-list/item';
import { OrderedList } from '@tiptap/extension-list/ordered-list';
import { Paragraph, type ParagraphOptions } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import type { EditorOptions } from '../../editor-options';
import {
  fixedNodeAttributes,
  modelSpec,
  tiptapAttributes,
  validAttrs,
  type AttrModel,
  type AttrModels,
} from './attribute-model';
import { classTokensOf, styleProperty, type HtmlElementLike } from '../html/html-element';
import { defaultModelOptions, perOptions, type ModelOptions } from './model-options';
import {
  classListValidator,
  isCodeLanguage,
  isHeadingLevel,
  isLineHeight,
  isListStart,
  isListStyleType,
  isOrderedListType,
  isTextAlign,
  keepClasses,
  nullOr,
  paragraphStyleClasses,
} from './validators';

/**
 * The block nodes of the document model (what StarterKit used to bring), on the official Tiptap nodes:
 * doc, paragraph, heading, blockquote, lists, code block, horizontal rule, hard break and text. Paragraphs
 * and headings carry a paragraph style, a line height and an alignment; lists a list style type.
 */

/** `class` (configured paragraph styles), `lineHeight` and `textAlign` of paragraphs and headings. */
export const blockAttributes = perOptions((options: EditorOptions): AttrModels => {
  const classes = paragraphStyleClasses(options);
  const allowed = new Set(classes);
  return {
    class: {
      default: null,
      validate: classListValidator(classes, null),
      parse: (el) => keepClasses(el.getAttribute('class'), allowed).join(' ') || null,
      render: (value) => ({ class: value }),
    },
    lineHeight: {
      default: null,
      validate: nullOr(isLineHeight),
      parse: (el) => styleProperty(el, 'line-height'),
      render: (value) => ({ style: `line-height: ${value}` }),
    },
    textAlign: {
      default: null,
      validate: nullOr(isTextAlign),
      parse: (el) => styleProperty(el, 'text-align')?.toLowerCase() ?? null,
      render: (value) => ({ style: `text-align: ${value}` }),
    },
  };
});

/** The block attributes and `level` (which the parse rule supplies: `h2` → 2). */
export const headingAttributes = perOptions((options: EditorOptions): AttrModels => ({
  ...blockAttributes(options),
  level: { default: 1, validate: isHeadingLevel },
}));

const listStyleType: AttrModel = {
  default: null,
  validate: nullOr(isListStyleType),
  parse: (el) => styleProperty(el, 'list-style-type')?.toLowerCase() ?? null,
  render: (value) => ({ style: `list-style-type: ${value}` }),
};

const bulletList: AttrModels = { listStyleType };

/** CSS list types that have an HTML `type` (Word and Google Docs write the CSS). */
const htmlTypeOfCss: ReadonlyMap<string, string> = new Map([
  ['upper-roman', 'I'],
  ['lower-roman', 'i'],
  ['upper-alpha', 'A'],
  ['upper-latin', 'A'],
  ['lower-alpha', 'a'],
  ['lower-latin', 'a'],
]);

function htmlTypeOfStyle(el: HtmlElementLike | null): string | null {
  const css = el ? styleProperty(el, 'list-style-type')?.toLowerCase() : undefined;
  return (css && htmlTypeOfCss.get(css)) || null;
}

const orderedList: AttrModels = {
  listStyleType,
  start: {
    default: 1,
    validate: isListStart,
    parse: (el) => (el.hasAttribute('start') ? parseInt(el.getAttribute('start') ?? '', 10) : null),
  },
  type: {
    default: null,
    validate: nullOr(isOrderedListType),
    // The HTML `type`, else the list's or its first item's CSS (as Tiptap's ordered list reads it).
    parse: (el) => el.getAttribute('type') || htmlTypeOfStyle(el) || htmlTypeOfStyle(el.querySelector('li')),
  },
};

const codeBlock: AttrModels = {
  language: {
    default: null,
    validate: nullOr(isCodeLanguage),
    parse: (el) => {
      const code = el.firstElementChild;
      const token = code ? classTokensOf(code).find((c) => c.startsWith('language-')) : undefined;
      return token ? token.slice('language-'.length) : null;
    },
  },
};

export const DocModel = Document;

export const TextModel = Text;

export const ParagraphModel = Paragraph.extend<ParagraphOptions & ModelOptions>({
  addOptions() {
    return { HTMLAttributes: {}, ...this.parent?.(), ...defaultModelOptions() };
  },
  addAttributes() {
    return tiptapAttributes(blockAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    return modelSpec(extension, 'paragraph', () => blockAttributes(this.options.editorOptions));
  },
});

export const HeadingModel = Heading.extend<HeadingOptions & ModelOptions>({
  addOptions() {
    return { levels: [1, 2, 3, 4, 5, 6], HTMLAttributes: {}, ...this.parent?.(), ...defaultModelOptions() };
  },
  addAttributes() {
    return tiptapAttributes(headingAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    return modelSpec(extension, 'heading', () => headingAttributes(this.options.editorOptions));
  },
});

export const BlockquoteModel = Blockquote;

export const BulletListModel = BulletList.extend({
  ...fixedNodeAttributes('bulletList', bulletList),
});

export const OrderedListModel = OrderedList.extend({
  ...fixedNodeAttributes('orderedList', orderedList),
  renderHTML({ node, HTMLAttributes }) {
    const { start, type } = validAttrs(node.attrs, orderedList);
    const attrs = mergeAttributes(this.options.HTMLAttributes, HTMLAttributes);
    if (start !== 1) attrs.start = start;
    if (typeof type === 'string' && type !== '1') attrs.type = type;
    return ['ol', attrs, 0];
  },
});

export const ListItemModel = ListItem;

export const CodeBlockModel = CodeBlock.extend({
  ...fixedNodeAttributes('codeBlock', codeBlock),
  renderHTML({ node, HTMLAttributes }) {
    const { language } = validAttrs(node.attrs, codeBlock);
    const code = { class: typeof language === 'string' ? `language-${language}` : null };
    return ['pre', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['code', code, 0]];
  },
  addInputRules() {
    // ```lang and ~~~lang: a language the validator refuses starts a plain code block.
    const language = (match: RegExpMatchArray) => ({ language: isCodeLanguage(match[1]) ? match[1] : null });
    return [
      textblockTypeInputRule({ find: backtickInputRegex, type: this.type, getAttributes: language }),
      textblockTypeInputRule({ find: tildeInputRegex, type: this.type, getAttributes: language }),
    ];
  },
});

export const HorizontalRuleModel = HorizontalRule;

export const HardBreakModel = HardBreak;
