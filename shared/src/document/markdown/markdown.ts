import {
  Node as TiptapNode,
  type JSONContent,
  type MarkdownParseHelpers,
  type MarkdownParseResult,
  type MarkdownRendererHelpers,
  type MarkdownToken,
  type RenderContext,
} from '@tiptap/core';
import { Table } from '@tiptap/extension-table';
import { MarkdownManager } from '@tiptap/markdown';
import { DOMParser as PmDOMParser, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { Marked } from 'marked';
import type { DocumentModel } from '../model/create-document-model';
import { safeImageSrc } from '../html/image-html';
import { ImageMedia } from '../model/image-model';
import { withoutCommentMarks } from '../model/comment-model';
import { markdownSafeHtml, matchInlineHtml } from './markdown-html';
import { matchImage } from './markdown-image';
import { blockified, collapsedWhiteSpace, filled, validJson } from './markdown-read';
import { ESCAPE, HTML_BLOCK, HTML_INLINE, IMAGE, MARKED_IMAGE, toMarkdownJson } from './markdown-write';

const stringAttr = (node: JSONContent, name: string): string => {
  const value: unknown = node.attrs?.[name];
  return typeof value === 'string' ? value : '';
};
const tokenString = (token: MarkdownToken, name: string): string => {
  const value: unknown = token[name];
  return typeof value === 'string' ? value : '';
};

const standIn = { inline: true, group: 'inline', atom: true } as const;

/**
 * HTML in Markdown read by the model's parse rules, as the code view reads typed HTML: inertly (a template's
 * content, where nothing runs or loads). Null without a DOM (on a server without jsdom).
 */
function htmlJson(html: string, schema: Schema, owner: Document | undefined, inline = false): JSONContent[] | null {
  if (!owner) return null;
  const template = owner.createElement('template');
  template.innerHTML = html;
  // Inline HTML is a piece of a line: white space at its ends is not at the line's ends.
  const doc = PmDOMParser.fromSchema(schema).parse(template.content, { preserveWhitespace: inline });
  return (doc.toJSON() as JSONContent).content ?? [];
}

/** The inline nodes of parsed HTML, out of the blocks around them (inline HTML sits in a text block). */
function inlineOf(content: readonly JSONContent[], schema: Schema): JSONContent[] {
  return content.flatMap((node) => {
    const type = node.type === 'text' ? schema.nodes.text : schema.nodes[node.type ?? ''];
    if (type?.isInline) return [node];
    return inlineOf(node.content ?? [], schema);
  });
}

/** The stand-ins for HTML, read with `schema` in the document `owner()` gives. */
function htmlStandIns(schema: Schema, owner: () => Document | undefined) {
  const HtmlBlock = TiptapNode.create({
    name: HTML_BLOCK,
    group: 'block',
    atom: true,
    addAttributes: () => ({ html: { default: '' } }),
    renderMarkdown: (node) => markdownSafeHtml(stringAttr(node, 'html')),
    // Every HTML block of the Markdown (the model's, or typed), read by the model's parse rules.
    markdownTokenName: 'html',
    parseMarkdown: (token) => {
      const html = tokenString(token, 'text') || tokenString(token, 'raw');
      if (token.block !== true || html.trim() === '') return [];
      return (
        htmlJson(html, schema, owner()) ?? { type: 'paragraph', content: [{ type: 'text', text: html.trimEnd() }] }
      );
    },
  });
  const HtmlInline = TiptapNode.create({
    name: HTML_INLINE,
    ...standIn,
    addAttributes: () => ({ html: { default: '' } }),
    renderMarkdown: (node) => markdownSafeHtml(stringAttr(node, 'html')),
    // One token for an element and everything up to its own end tag (nested `<span>`s stay together).
    markdownTokenizer: {
      name: HTML_INLINE,
      level: 'inline',
      start: (src: string) => src.search(/<[A-Za-z]/),
      tokenize: (src: string) => {
        const raw = matchInlineHtml(src);
        return raw ? { type: HTML_INLINE, raw, text: raw } : undefined;
      },
    },
    parseMarkdown: (token) => {
      const html = tokenString(token, 'raw');
      const content = htmlJson(html, schema, owner(), true);
      return content ? inlineOf(content, schema) : { type: 'text', text: html };
    },
  });
  return [HtmlBlock, HtmlInline];
}

/** The JSON of an image read from Markdown, or null when its address is refused (as the HTML parse drops it). */
function imageJson(src: string, alt: string, attrs: Record<string, unknown> = {}): JSONContent | null {
  if (safeImageSrc(src) !== src) return null;
  return { type: ImageMedia.node, attrs: { ...attrs, src, alt } };
}

const MarkdownImage = TiptapNode.create({
  name: IMAGE,
  ...standIn,
  addAttributes: () => ({ markdown: { default: '' } }),
  renderMarkdown: (node) => stringAttr(node, 'markdown'),
  markdownTokenizer: {
    name: IMAGE,
    level: 'inline',
    start: (src: string) => src.indexOf('!['),
    tokenize: (src: string) => {
      const match = matchImage(src);
      return match
        ? { type: IMAGE, raw: match.raw, text: match.alt, href: match.src, imageAttrs: match.attrs }
        : undefined;
    },
  },
  parseMarkdown: (token) => {
    const attrs: unknown = token.imageAttrs;
    const found = typeof attrs === 'object' && attrs !== null ? (attrs as Record<string, unknown>) : {};
    return imageJson(tokenString(token, 'href'), tokenString(token, 'text'), found) ?? [];
  },
});

const MarkedImage = TiptapNode.create({
  name: MARKED_IMAGE,
  ...standIn,
  markdownTokenName: 'image',
  parseMarkdown: (token) => imageJson(tokenString(token, 'href'), tokenString(token, 'text')) ?? [],
});

const Escape = TiptapNode.create({
  name: ESCAPE,
  ...standIn,
  addAttributes: () => ({ char: { default: '' } }),
  renderMarkdown: (node) => `\\${stringAttr(node, 'char')}`,
});

/** A nested list CommonMark lets interrupt the item's text: a bullet list, or an ordered list from 1. */
function interruptsParagraph(node: JSONContent): boolean {
  const start: unknown = node.attrs?.start;
  return node.type === 'bulletList' || (node.type === 'orderedList' && (start === undefined || start === 1));
}

/**
 * A list item as Markdown writes it: the marker, then each block indented to the marker's width and
 * separated by a blank line (Tiptap's own item puts a quote or a code block right under the line before,
 * where its ordered list's reader loses it); a nested list right under the item's text, so that the list
 * stays tight (a blank line there makes other renderers space every item of it as a paragraph).
 */
function listItemMarkdown(node: JSONContent, h: MarkdownRendererHelpers, ctx: RenderContext): string {
  const start: unknown = ctx.meta?.parentAttrs?.start;
  const marker =
    ctx.parentType === 'orderedList' ? `${String((typeof start === 'number' ? start : 1) + ctx.index)}. ` : '- ';
  const indent = ' '.repeat(marker.length);
  const children = node.content ?? [];
  let out = marker;
  children.forEach((child, index) => {
    const block = (h.renderChild?.(child, index) ?? h.renderChildren([child]))
      .split('\n')
      .map((line, i) => (line === '' || (index === 0 && i === 0) ? line : indent + line))
      .join('\n');
    if (index > 0) out += children[index - 1]?.type === 'paragraph' && interruptsParagraph(child) ? '\n' : '\n\n';
    out += block;
  });
  return out;
}

/**
 * A list item from Marked's token: its blocks (a tight item's text as a paragraph, with its inline
 * Markdown). The model has no task lists: a task item's box stays text (`[ ] `, `[x] `).
 */
function listItemFromMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers): MarkdownParseResult {
  if (token.type !== 'list_item') return [];
  const tokens = (token.tokens ?? []).flatMap((t): MarkdownToken[] => {
    if (t.type === 'checkbox') return [];
    return t.type === 'text' && Array.isArray(t.tokens) ? [{ ...t, type: 'paragraph' }] : [t];
  });
  const content = (helpers.parseBlockChildren ?? helpers.parseChildren)(tokens);
  if (token.task === true) {
    const box: JSONContent = { type: 'text', text: token.checked === true ? '[x] ' : '[ ] ' };
    const first = content[0];
    if (first?.type === 'paragraph') first.content = [box, ...(first.content ?? [])];
    else content.unshift({ type: 'paragraph', content: [box] });
  }
  return { type: 'listItem', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

/** An ordered list from Marked's list token: its items as bullet lists read theirs, its start even when 0. */
function orderedListFromMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers): MarkdownParseResult {
  if (token.type !== 'list' || token.ordered !== true) return [];
  const start: unknown = token.start;
  const items = Array.isArray(token.items) ? (token.items as MarkdownToken[]) : [];
  return {
    type: 'orderedList',
    attrs: { start: typeof start === 'number' ? start : 1 },
    content: helpers.parseChildren(items),
  };
}

const NO_TOKENIZER = { name: 'markdownNone', level: 'block', start: () => -1, tokenize: () => undefined } as const;

/** The document ↔ Markdown rules of a deployment's model (Tiptap's Markdown rules, HTML for the rest). */
export interface DocumentMarkdown {
  /** Markdown of the document; what Markdown cannot say is inline or block HTML of the model. */
  serialize(doc: PmNode): string;
  /**
   * The document of a Markdown text. Its HTML parts are read by the model's parse rules (this needs a DOM:
   * in the browser, or a window from jsdom on the server); without one they stay literal text.
   */
  parse(markdown: string): PmNode;
}

const cache = new WeakMap<Schema, DocumentMarkdown>();

/** The page's document, where there is one (the browser, or a test's jsdom window). */
const pageDocument = (): Document | undefined => (globalThis as { document?: Document }).document;

/** A Marked of our own: no bare-URL autolinks (text like `https://…` stays text, as it was written). */
function ownMarked(): Marked {
  return new Marked({ gfm: true, tokenizer: { url: () => undefined } });
}

/**
 * The Markdown rules of `model`, reading into `schema` (the model's own, or an editor's schema built from
 * the same definitions, so that parsed nodes can go into that editor's transactions). HTML in Markdown is
 * parsed in `options.document` (a jsdom window's on a server), else in the page's, inertly.
 */
export function documentMarkdown(
  model: DocumentModel,
  schema: Schema = model.schema,
  options: { document?: Document } = {},
): DocumentMarkdown {
  const cached = options.document ? undefined : cache.get(schema);
  if (cached) return cached;
  const owner = (): Document | undefined => options.document ?? pageDocument();
  const manager = new MarkdownManager({
    // The manager reads only the Marked API (`Lexer`, `defaults`, `use`, `lexer`), which an instance has.
    marked: ownMarked() as unknown as NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'],
    extensions: [
      ...model.extensions.map((extension) => {
        if (extension.name === 'listItem') {
          return extension.extend({ renderMarkdown: listItemMarkdown, parseMarkdown: listItemFromMarkdown });
        }
        // Marked reads ordered lists as CommonMark does (Tiptap's own reader keeps an indented line's
        // space and loses a code block after a quote); a tokenizer that never matches stands in for it.
        // The model's table (defined without Tiptap's table extension) reads and writes Markdown as Tiptap's does.
        if (extension.name === 'table') {
          const { parseMarkdown, renderMarkdown, markdownTokenizer } = Table.config;
          return extension.extend({ parseMarkdown, renderMarkdown, markdownTokenizer });
        }
        if (extension.name === 'orderedList') {
          return extension.extend({ markdownTokenizer: NO_TOKENIZER, parseMarkdown: orderedListFromMarkdown });
        }
        return extension;
      }),
      ...htmlStandIns(schema, owner),
      MarkdownImage,
      MarkedImage,
      Escape,
    ],
  });
  const result: DocumentMarkdown = {
    // Markdown cannot say comment anchors (their text stays).
    serialize: (doc) => manager.serialize(toMarkdownJson(withoutCommentMarks(doc), schema)),
    parse: (markdown) => {
      const json = validJson(manager.parse(markdown), model.rules, schema) ?? { type: 'doc' };
      return filled(schema.nodeFromJSON(collapsedWhiteSpace(blockified({ ...json, type: 'doc' }, schema), schema)));
    },
  };
  if (!options.document) cache.set(schema, result);
  return result;
}
