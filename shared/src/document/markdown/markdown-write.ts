import type { JSONContent } from '@tiptap/core';
import { Fragment, type Mark, type Node as PmNode, type NodeType, type Schema } from '@tiptap/pm/model';
import { renderFragmentHtml } from '../html/html-serializer';
import { ImageMedia } from '../model/image-model';
import { FormNodeName } from '../model/form-model';
import { formExportSpec } from '../html/form-html';
import { imageMarkdown } from './markdown-image';

/**
 * What Markdown says in its own syntax, and the JSON a document's Markdown is written from: blocks and
 * inline runs Markdown cannot say unchanged are replaced by stand-ins holding the model's HTML of them
 * (`markdown.ts` renders the stand-ins and reads everything back).
 */

/** Stand-ins for content Markdown cannot say: their Markdown is the model's HTML of what they replace. */
export const HTML_BLOCK = 'markdownHtmlBlock';
export const HTML_INLINE = 'markdownHtmlInline';
/** An image in Markdown's syntax with the attribute block (`markdown-image.ts`). */
export const IMAGE = 'markdownImage';
/** Marked's own image token (reference images and forms the image tokenizer leaves to it). */
export const MARKED_IMAGE = 'markdownMarkedImage';
/** A backslash escape Markdown needs where text would start a list, a heading or a table at a line's start. */
export const ESCAPE = 'markdownEscape';

/** Marks Markdown writes itself, with the attributes it keeps (others make the text inline HTML). */
export const MARKDOWN_MARKS: Readonly<Record<string, readonly string[]>> = {
  bold: [],
  italic: [],
  strike: [],
  code: [],
  underline: [],
  link: ['href', 'title'],
};

/** Blocks Markdown writes itself, with the attributes it keeps (any other attribute set makes the block HTML). */
export const MARKDOWN_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  paragraph: [],
  heading: ['level'],
  blockquote: [],
  bulletList: [],
  orderedList: ['start'],
  listItem: [],
  codeBlock: ['language'],
  horizontalRule: [],
};

/** Form controls are written as the real controls (readable in any Markdown viewer), read back from their wrapper. */
const FORM_HTML = { [FormNodeName]: formExportSpec };

/** Marks written as delimiter runs around the text. */
export const DELIMITED_MARKS: ReadonlySet<string> = new Set(['bold', 'italic', 'strike', 'underline']);

const delimitedMarks = (node: PmNode): string =>
  node.marks
    .filter((m) => DELIMITED_MARKS.has(m.type.name))
    .map((m) => m.type.name)
    .join(' ');

const LISTS: ReadonlySet<string> = new Set(['bulletList', 'orderedList']);
const TABLE_PARTS: ReadonlySet<string> = new Set(['table', 'tableRow', 'tableHeader', 'tableCell']);

function hasOnlyDefaults(
  attrs: PmNode['attrs'] | Mark['attrs'],
  type: NodeType | Mark['type'],
  kept: readonly string[],
): boolean {
  const spec = type.spec.attrs ?? {};
  return Object.keys(attrs).every((name) => {
    if (kept.includes(name)) return true;
    const fallback: unknown = spec[name]?.default ?? null;
    return attrs[name] === fallback;
  });
}

/** A link destination Markdown keeps unchanged (no spaces, angle brackets, escapes or unbalanced parentheses). */
function plainDestination(href: unknown): boolean {
  if (typeof href !== 'string' || href === '' || /[\s<>\\]/.test(href)) return false;
  let depth = 0;
  for (const c of href) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function markSaysItself(mark: Mark, text: string | null): boolean {
  const kept = MARKDOWN_MARKS[mark.type.name];
  if (kept === undefined || !hasOnlyDefaults(mark.attrs, mark.type, kept)) return false;
  if (mark.type.name === 'link') {
    const title: unknown = mark.attrs.title;
    return (
      plainDestination(mark.attrs.href) &&
      (title === null || (typeof title === 'string' && !/["\\\n]/.test(title) && title !== ''))
    );
  }
  // A code span cannot hold a backtick, and drops one space on each side when both are there.
  if (mark.type.name === 'code') return text !== null && !text.includes('`') && !/^\s.*\s$|^\s*$/s.test(text);
  return true;
}

interface InlineContext {
  schema: Schema;
  /** Whether a hard break may be Markdown's line break here (not in headings or table cells). */
  lineBreaks: boolean;
  /** Table cells: plain text with Markdown marks only. */
  cell: boolean;
  /** A heading's line, whose closing `#`s Markdown drops. */
  heading: boolean;
}

/** Marked reads these at a line's start as a block (list, heading, table, setext underline). */
const ESCAPED_LINE_START = /^(?:[#+=|-]|(?:\d{1,9}|[A-Za-z]{1,2}|[ivxlcdmIVXLCDM]+)[.)](?=\s|$))/;

/**
 * Plain text with the backslashes Markdown needs beyond Tiptap's own: `1. a` at a line's start stays text
 * as `1\. a`, `# a` as `\# a`, `C++ and C++` is no underline (`C+\+ and C+\+`), a heading's last `#`s
 * stay (`C \#`), and a `!` before a link makes no image.
 */
function escapedText(
  text: string,
  where: { lineStart: boolean; headingEnd: boolean; beforeLink: boolean },
): JSONContent[] {
  const at = new Set<number>();
  if (where.lineStart && ESCAPED_LINE_START.test(text)) at.add(/^\w+[.)]/.test(text) ? text.search(/[.)]/) : 0);
  for (let i = text.indexOf('++'); i >= 0; i = text.indexOf('++', i + 2)) at.add(i + 1);
  // `# Title #` loses its closing `#`s; `a![b](…)` is an image.
  const closing = where.headingEnd ? /(?:^|\s)(#+)\s*$/.exec(text) : null;
  if (closing) at.add(closing.index + closing[0].indexOf('#'));
  if (where.beforeLink && text.endsWith('!')) at.add(text.length - 1);
  // A `+` next to an underline's `++` would be read as part of it.
  if (text.startsWith('+')) at.add(0);
  if (text.endsWith('+')) at.add(text.length - 1);
  const out: JSONContent[] = [];
  let from = 0;
  for (const i of [...at].sort((a, b) => a - b)) {
    if (i > from) out.push({ type: 'text', text: text.slice(from, i) });
    out.push({ type: ESCAPE, attrs: { char: text.charAt(i) } });
    from = i + 1;
  }
  if (from < text.length) out.push({ type: 'text', text: text.slice(from) });
  return out;
}

/** Emphasis (`*`, `**`) and another delimited mark (`++`, `~~`) opened or closed at one place. */
export function emphasisBesideOther(names: readonly string[]): boolean {
  return (
    names.some((n) => n === 'italic' || n === 'bold') &&
    names.some((n) => n !== 'italic' && n !== 'bold' && DELIMITED_MARKS.has(n))
  );
}

/** A text node that Markdown writes itself (its marks included). */
function textSaysItself(node: PmNode, ctx: InlineContext): boolean {
  const text = node.text ?? '';
  if (ctx.cell && (/[|\n\t]|\s\s|^\s|\s$/.test(text) || text === '')) return false;
  // A lone non-breaking space is Tiptap's marker of an empty paragraph.
  if (/\n|\r/.test(text)) return false;
  if (node.marks.length > 0) {
    // Tiptap moves white space at a mark's ends out of it; `++` in marked text would end an underline.
    if (/^\s|\s$/.test(text) || text.includes('++')) return false;
    // Emphasis delimiters next to punctuation do not open or close (CommonMark's flanking rules).
    if (node.marks.some((m) => DELIMITED_MARKS.has(m.type.name)) && !/^[\p{L}\p{N}](?:.*[\p{L}\p{N}])?$/su.test(text)) {
      return false;
    }
  }
  return node.marks.every((mark) => markSaysItself(mark, text));
}

function inlineSaysItself(node: PmNode, ctx: InlineContext): boolean {
  if (node.isText) return textSaysItself(node, ctx);
  if (ctx.cell || node.marks.length > 0) return false;
  if (node.type.name === ImageMedia.node) return imageMarkdownOf(node, ctx.schema) !== null;
  return node.type.name === 'hardBreak' && ctx.lineBreaks;
}

function imageMarkdownOf(node: PmNode, schema: Schema): string | null {
  // The link mirror is never rendered by the image itself (its link mark is): not in the syntax either.
  if (node.attrs.linkHref !== null || node.attrs.linkTarget !== null) return null;
  const defaults: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema.nodes[ImageMedia.node]?.spec.attrs ?? {})) {
    defaults[name] = spec.default;
  }
  return imageMarkdown(node.attrs, defaults);
}

/**
 * The inline content of a text block as Markdown writes it: runs Markdown cannot say become one piece of
 * inline HTML each, images their Markdown, and a line's start that Markdown would read as a block gets a
 * backslash. Null when Markdown cannot hold the block's lines unchanged (the block is then HTML).
 */
function inlineJson(block: PmNode, ctx: InlineContext): JSONContent[] | null {
  type Item = { node: PmNode; native: boolean };
  const items: Item[] = [];
  block.forEach((child) => items.push({ node: child, native: inlineSaysItself(child, ctx) }));
  // A Markdown line break needs text on both sides (at an end, or twice, it is white space or a blank line).
  items.forEach((item, i) => {
    if (!item.native || item.node.type.name !== 'hardBreak') return;
    const before = items[i - 1];
    const after = items[i + 1];
    if (!before || !after || before.node.type.name === 'hardBreak' || after.node.type.name === 'hardBreak') {
      item.native = false;
    }
  });
  // Delimiters of two different emphases meeting (`**a***b*`) are read as one run.
  items.forEach((item, i) => {
    const before = items[i - 1];
    if (!item.native || !before?.native || !item.node.isText || !before.node.isText) return;
    const mine = delimitedMarks(item.node);
    const theirs = delimitedMarks(before.node);
    if (mine !== '' && theirs !== '' && mine !== theirs) item.native = false;
  });
  // Delimiters of different characters opened at one place after a letter (`a*++b++*`, `a**++b++**`): the
  // emphasis is followed by punctuation, so it does not open (CommonMark's flanking rules).
  // Such a run is HTML. A mark closing between the two (`` `a`*++b``) puts its own punctuation there.
  const wordChar = /[\p{L}\p{N}]/u;
  items.forEach((item, i) => {
    const before = items[i - 1];
    if (!item.native || !item.node.isText || !before?.node.isText) return;
    const mine = item.node.marks;
    if (!wordChar.test((before.node.text ?? '').slice(-1)) || !before.native) return;
    if (before.node.marks.some((m) => !mine.some((n) => n.type === m.type))) return;
    const opened = mine.filter((m) => !before.node.marks.some((n) => n.type === m.type)).map((m) => m.type.name);
    if (emphasisBesideOther(opened)) item.native = false;
  });
  // The mirror image: such delimiters closed at one place before a letter (`++b++*a`) do not close.
  items.forEach((item, i) => {
    const after = items[i + 1];
    if (!item.native || !item.node.isText || !after?.native || !after.node.isText) return;
    if (!wordChar.test((after.node.text ?? '').charAt(0))) return;
    const mine = item.node.marks;
    if (after.node.marks.some((m) => !mine.some((n) => n.type === m.type))) return;
    const closed = mine.filter((m) => !after.node.marks.some((n) => n.type === m.type)).map((m) => m.type.name);
    if (emphasisBesideOther(closed)) item.native = false;
  });
  const content: JSONContent[] = [];
  let run: PmNode[] = [];
  let lineStart = true;
  const flush = (): void => {
    if (run.length === 0) return;
    const html = renderFragmentHtml(Fragment.fromArray(run), ctx.schema);
    // Text alone (a line end in it) is HTML too: an element the model reads as nothing but its text.
    content.push({ type: HTML_INLINE, attrs: { html: html.startsWith('<') ? html : `<span>${html}</span>` } });
    run = [];
  };
  for (let i = 0; i < items.length; i++) {
    const { node, native } = items[i] as Item;
    if (!native) {
      // A line made of one HTML tag alone would be read as an HTML block.
      if (lineStart) {
        const html = renderFragmentHtml(Fragment.from(node), ctx.schema);
        if (/^<[^>]*>$/.test(html) && (items[i + 1]?.native ?? true)) return null;
      }
      run.push(node);
      lineStart = false;
      continue;
    }
    flush();
    const next = items[i + 1];
    if (node.isText) {
      const text = node.text ?? '';
      // Marked drops white space at a line's start and end.
      if (lineStart && /^\s/.test(text)) return null;
      if ((!next || next.node.type.name === 'hardBreak') && /\s$/.test(text)) return null;
      const beforeLink = next?.native === true && next.node.marks.some((m) => m.type.name === 'link');
      if (node.marks.length === 0) {
        content.push(...escapedText(text, { lineStart, headingEnd: ctx.heading && !next, beforeLink }));
      } else content.push(node.toJSON() as JSONContent);
      // An image's attribute block could otherwise be read from a `{` right after it.
    } else if (node.type.name === ImageMedia.node) {
      let markdown = imageMarkdownOf(node, ctx.schema) ?? '';
      if (!markdown.endsWith('}') && next?.node.isText && (next.node.text ?? '').startsWith('{')) markdown += '{}';
      content.push({ type: IMAGE, attrs: { markdown } });
    } else content.push(node.toJSON() as JSONContent);
    lineStart = node.type.name === 'hardBreak';
  }
  flush();
  return content;
}

/** A code block Markdown fences unchanged. */
function codeSaysItself(node: PmNode, nested: boolean): boolean {
  const text = node.textContent;
  // In a list or a quote, Marked turns tabs into spaces.
  if (text === '' || (nested && text.includes('\t'))) return false;
  return text.split('\n').every((line) => !/^\s*(?:```|~~~)/.test(line) && !/^\s+$/.test(line) && !line.includes('\r'));
}

/** A table Markdown can write: a header row, then plain rows of as many cells, one plain paragraph each. */
function tableSaysItself(table: PmNode, schema: Schema): boolean {
  if (!hasOnlyDefaults(table.attrs, table.type, []) || table.childCount === 0) return false;
  const columns = table.firstChild?.childCount ?? 0;
  let ok = columns > 0;
  table.forEach((row, _offset, index) => {
    if (!hasOnlyDefaults(row.attrs, row.type, []) || row.childCount !== columns) ok = false;
    row.forEach((cell) => {
      const expected = index === 0 ? 'tableHeader' : 'tableCell';
      const only = cell.firstChild;
      if (
        cell.type.name !== expected ||
        !hasOnlyDefaults(cell.attrs, cell.type, []) ||
        cell.childCount !== 1 ||
        !only ||
        only.type.name !== 'paragraph' ||
        !hasOnlyDefaults(only.attrs, only.type, []) ||
        inlineJson(only, { schema, lineBreaks: false, cell: true, heading: false })?.some((c) => c.type !== 'text') !==
          false
      ) {
        ok = false;
      }
    });
  });
  return ok;
}

/** Whether Markdown writes this block itself, with everything in it (else the block is the model's HTML). */
function blockSaysItself(node: PmNode, schema: Schema, nested = false): boolean {
  const name = node.type.name;
  if (name === 'table') return tableSaysItself(node, schema);
  const kept = MARKDOWN_BLOCKS[name];
  if (kept === undefined || !hasOnlyDefaults(node.attrs, node.type, kept)) return false;
  if (node.isTextblock && name !== 'codeBlock') {
    const content = inlineJson(node, {
      schema,
      lineBreaks: name === 'paragraph',
      cell: false,
      heading: name === 'heading',
    });
    // Empty paragraphs are blank lines, which only the document keeps (a heading needs its text); a
    // paragraph of one non-breaking space is how Tiptap's Markdown marks an empty one.
    return (
      content !== null && (content.length > 0 || (name === 'paragraph' && !nested)) && node.textContent !== '\u00a0'
    );
  }
  if (name === 'codeBlock') return codeSaysItself(node, nested);
  // An item starts with a line of text: its first paragraph, not empty.
  if (name === 'listItem' && (node.firstChild?.type.name !== 'paragraph' || node.firstChild.childCount === 0)) {
    return false;
  }
  if (node.isLeaf) return true;
  let ok = node.childCount > 0;
  let previous: PmNode | null = null;
  node.forEach((child) => {
    if (!blockSaysItself(child, schema, true)) ok = false;
    if (previous && LISTS.has(child.type.name) && previous.type.name === child.type.name) ok = false;
    previous = child;
  });
  return ok;
}

/** The JSON Markdown is written from: what Markdown cannot say replaced by its HTML. */
export function toMarkdownJson(node: PmNode, schema: Schema): JSONContent {
  const json: JSONContent = { type: node.type.name };
  if (Object.keys(node.attrs).length > 0) json.attrs = { ...node.attrs };
  if (node.childCount === 0) return json;
  if (node.type.name === 'codeBlock') json.content = [{ type: 'text', text: node.textContent }];
  else if (node.isTextblock) {
    json.content =
      inlineJson(node, {
        schema,
        lineBreaks: node.type.name === 'paragraph',
        cell: false,
        heading: node.type.name === 'heading',
      }) ?? [];
  } else if (TABLE_PARTS.has(node.type.name)) {
    // `tableSaysItself` accepted the whole table.
    const content: JSONContent[] = [];
    node.forEach((child) => content.push(toMarkdownJson(child, schema)));
    json.content = content;
  } else {
    const content: JSONContent[] = [];
    let previous: PmNode | null = null;
    node.forEach((child) => {
      // Two lists of one kind in a row (blank lines between them too) would read back as one: the second is HTML.
      const joins = previous !== null && LISTS.has(child.type.name) && previous.type.name === child.type.name;
      content.push(
        !joins && blockSaysItself(child, schema)
          ? toMarkdownJson(child, schema)
          : { type: HTML_BLOCK, attrs: { html: renderFragmentHtml(Fragment.from(child), schema, FORM_HTML) } },
      );
      if (child.type.name !== 'paragraph' || child.childCount > 0) previous = child;
    });
    json.content = content;
  }
  return json;
}
