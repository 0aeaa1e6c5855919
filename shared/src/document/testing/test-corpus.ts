import { Fragment, type Node as PmNode, type NodeType, type Schema } from '@tiptap/pm/model';
import type { EditorOptions } from '../../editor-options';
import { FileMedia } from '../model/file-model';
import { ImageMedia } from '../model/image-model';
import { DELIMITED_MARKS, emphasisBesideOther, MARKDOWN_BLOCKS, MARKDOWN_MARKS } from '../markdown/markdown-write';
import { IMAGE_MARKDOWN_ATTRS } from '../markdown/markdown-image';
import { SuggestionMarkNames } from '../model/suggestion-model';
import { htmlRoundTripOptions, randomDocument, seededRandom, type RandomDocumentOptions } from './random-document';
import { PlaceholderMedia } from '../model/upload-placeholder-model';
import { VideoMedia } from '../model/video-model';
import { EmbedCardNodeName } from '../model/embed-card-model';
import { IconNodeName } from '../model/icon-model';
import { FormNodeName } from '../model/form-model';
import { canonicalEmbedSrc } from '../model/video-url';

/**
 * The seeded corpus of documents the property tests of the document's formats run on (HTML, Markdown, and
 * whatever reads or writes documents): built from the model's schema by `randomDocument` (every node,
 * mark and attribute, values filtered by the validators, so a new node is covered without listing it),
 * with text that Markdown, HTML and entities would read as syntax. The same seed gives the same document.
 */

export { candidatesOf, htmlRoundTripOptions, randomDocument, seededRandom } from './random-document';

/**
 * Text that means something in Markdown or HTML when written as it is: block starts, delimiters, escapes,
 * entities, raw HTML, autolink look-alikes and the image attribute block. None has white space at its
 * ends (HTML collapses white space outside code, so such text is not the model's canonical form).
 */
export const SYNTAX_TEXT_PIECES: readonly string[] = [
  '#',
  '## a',
  'x ##',
  '!',
  'a!',
  '1.',
  '2)',
  'a.',
  'iv.',
  '-',
  '+',
  '=',
  '---',
  '***',
  '|',
  'a|b',
  '*',
  '**b**',
  '_i_',
  '__',
  '`',
  '``x``',
  '~',
  '~~s~~',
  '++u++',
  '[x]',
  '[ ]',
  '![a](/uploads/x.png)',
  '[l](https://example.com)',
  '<https://example.com>',
  '<b>',
  '</span>',
  '<!-- c -->',
  '&amp;',
  '&copy;',
  '&#42;',
  '\\',
  '\\*',
  'https://example.com/x_y',
  'www.example.com',
  'a@b.co',
  '{',
  '{width=3}',
  '>',
  '> q',
  ':',
  '$$',
  '[^1]',
  '\u00a0',
  'word',
  'é',
  '😀',
];

/** Text of code blocks: fences, indentation and blank lines as well. */
const CODE_PIECES: readonly string[] = ['```', '~~~', '    x', '\t', '', ' ', 'a  b', '<p>', '&lt;', '\\n', 'x'];

/** `doc` with the text of some text nodes replaced by syntax-like text drawn from `random`. */
function withSyntaxText(doc: PmNode, random: () => number): PmNode {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const map = (node: PmNode): PmNode => {
    if (node.isText) {
      if (random() < 0.5) return node;
      const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SYNTAX_TEXT_PIECES));
      return node.type.schema.text(words.join(' '), node.marks);
    }
    if (node.type.spec.code === true && node.textContent !== '' && random() < 0.5) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(CODE_PIECES));
      return node.type.create(node.attrs, node.type.schema.text(lines.join('\n') || 'x'));
    }
    if (node.childCount === 0) return node;
    const children: PmNode[] = [];
    node.forEach((child) => children.push(map(child)));
    return node.copy(Fragment.from(children));
  };
  return map(doc);
}

/**
 * A document of the corpus: every node, mark and attribute of the model, in the canonical form of the
 * model's HTML (see `htmlRoundTripOptions`), text partly made of Markdown and HTML syntax.
 */
export function corpusDocument(schema: Schema, seed: number, editorOptions: EditorOptions): PmNode {
  const doc = randomDocument(schema, seed, htmlRoundTripOptions(editorOptions));
  return withSyntaxText(doc, seededRandom(seed ^ 0x5eed));
}

/** Options of `randomDocument` for documents made only of what Markdown (with the image syntax) says. */
export function markdownOptions(): RandomDocumentOptions {
  return {
    // Tables come from `markdownTable` (Markdown's are plain grids); the other media and form controls have no syntax.
    skipNodes: new Set([
      'table',
      'tableRow',
      'tableHeader',
      'tableCell',
      VideoMedia.node,
      FileMedia.node,
      PlaceholderMedia.node,
      IconNodeName,
      FormNodeName,
      EmbedCardNodeName,
    ]),
    mustSet: (type, attr) => (type === ImageMedia.node && attr === 'src') || (type === 'link' && attr === 'href'),
    adjust: (type, attrs) => {
      const kept =
        type === ImageMedia.node ? IMAGE_MARKDOWN_ATTRS : (MARKDOWN_BLOCKS[type] ?? MARKDOWN_MARKS[type] ?? []);
      // An empty link title is no title in Markdown, and a title holds no quotation mark.
      return Object.fromEntries(
        Object.entries(attrs).filter(
          ([name, value]) =>
            kept.includes(name) && !(type === 'link' && name === 'title' && /^$|"/.test(String(value))),
        ),
      );
    },
    allowMark: (node, mark) => node === 'text' && mark in MARKDOWN_MARKS,
    maxDepth: 4,
  };
}

const delimited = (node: PmNode): string =>
  node.marks
    .filter((m) => DELIMITED_MARKS.has(m.type.name))
    .map((m) => m.type.name)
    .join(' ');

/** Emphasis and another delimited mark opened or closed together between `before` and `after`, next to a letter or digit. */
function emphasisMeetsWord(before: PmNode, after: PmNode): boolean {
  const word = /[\p{L}\p{N}]/u;
  const only = (a: PmNode, b: PmNode): string[] =>
    a.marks.filter((m) => !b.marks.some((n) => n.type === m.type)).map((m) => m.type.name);
  const closed = only(before, after);
  const opened = only(after, before);
  return (
    (opened.length > 0 &&
      closed.length === 0 &&
      word.test((before.text ?? '').slice(-1)) &&
      emphasisBesideOther(opened)) ||
    (closed.length > 0 && opened.length === 0 && word.test((after.text ?? '').charAt(0)) && emphasisBesideOther(closed))
  );
}

/**
 * A text block's content as Markdown says it: no white space at a text's ends (Markdown drops it at a line's
 * ends and moves it out of marks), emphasised text between letters or digits (CommonMark's flanking rules),
 * two different emphases never touching, line breaks only between texts, headings on one line and not empty.
 */
function markdownLine(block: PmNode): PmNode {
  const schema = block.type.schema;
  const inline: PmNode[] = [];
  block.forEach((child) => {
    if (!child.isText) {
      inline.push(child);
      return;
    }
    let text = (child.text ?? '').trim();
    // Runs of white space read back as one (as in HTML), in code too.
    if (child.marks.some((m) => m.type.name === 'code'))
      text = text
        .replace(/`|\+\+/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    else if (child.marks.length > 0)
      text = text
        .replace(/[^\p{L}\p{N} ]|\+/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
    if (text !== '') inline.push(schema.text(text, child.marks));
  });
  const kept = inline.filter((child, i) => {
    if (child.type.name !== 'hardBreak') return true;
    return block.type.name === 'paragraph' && inline[i - 1]?.isText === true && inline[i + 1]?.isText === true;
  });
  const spaced: PmNode[] = [];
  for (const node of kept) {
    const previous = spaced[spaced.length - 1];
    const [mine, theirs] = [delimited(node), previous ? delimited(previous) : ''];
    if (previous?.isText && node.isText && mine !== '' && theirs !== '' && mine !== theirs)
      spaced.push(schema.text(' '));
    // Emphasis and another delimited mark opening after a letter, or closing before one, are HTML (markdown-write).
    else if (previous?.isText && node.isText && emphasisMeetsWord(previous, node)) spaced.push(schema.text(' '));
    spaced.push(node);
  }
  if (spaced.length === 0 && block.type.name === 'heading') spaced.push(schema.text('h'));
  return block.type.create(block.attrs, spaced);
}

/** Blocks that a Markdown list item, quote or document holds (no lone inline content, no two lists in a row). */
function markdownShape(node: PmNode): PmNode {
  const schema = node.type.schema;
  const name = node.type.name;
  if (node.isText || node.isLeaf) return node;
  if (name === 'codeBlock') {
    // No fences inside, no lines of white space only, no tabs (a list or quote turns them into spaces).
    const text = node.textContent
      .replace(/^\s*(```|~~~).*$/gm, 'x')
      .replace(/\t/g, '  ')
      .replace(/^\s+$/gm, '');
    return node.type.create(node.attrs, schema.text(text === '' ? 'x' : text));
  }
  if (node.isTextblock) return markdownLine(node);
  const children: PmNode[] = [];
  node.forEach((child) => {
    let shaped = markdownShape(child);
    // Blank lines are empty paragraphs only in the document itself.
    if (name !== 'doc' && shaped.type.name === 'paragraph' && shaped.childCount === 0) {
      shaped = shaped.type.create(null, schema.text('p'));
    }
    const previous = children[children.length - 1];
    if (previous && previous.type === shaped.type && shaped.type.name.endsWith('List')) {
      // Two lists of one kind in a row read back as one: separate them by a paragraph.
      children.push(schema.nodes.paragraph?.create(null, schema.text('between')) as PmNode);
    }
    children.push(shaped);
  });
  if (name === 'listItem' && children[0]?.type.name !== 'paragraph') {
    children.unshift(schema.nodes.paragraph?.create(null, schema.text('item')) as PmNode);
  }
  return node.type.createAndFill(node.attrs, children) ?? node;
}

/** A table Markdown writes: a header row and plain rows of as many cells, each one line of marked text. */
function markdownTable(schema: Schema, random: () => number): PmNode | null {
  const { table, tableRow, tableHeader, tableCell, paragraph } = schema.nodes;
  if (!table || !tableRow || !tableHeader || !tableCell || !paragraph) return null;
  const columns = 1 + Math.floor(random() * 3);
  const rows = 1 + Math.floor(random() * 3);
  const marks = [schema.marks.bold, schema.marks.italic, schema.marks.code].flatMap((m) => (m ? [m] : []));
  const cellText = (r: number, c: number): PmNode[] => {
    if (random() < 0.2) return [];
    const mark = random() < 0.4 ? marks[Math.floor(random() * marks.length)] : undefined;
    return [schema.text(`r${String(r)}c${String(c)}`, mark ? [mark.create()] : [])];
  };
  return table.create(
    null,
    Array.from({ length: rows }, (_, r) =>
      tableRow.create(
        null,
        Array.from({ length: columns }, (_c, c) =>
          (r === 0 ? tableHeader : tableCell).create(null, paragraph.create(null, cellText(r, c))),
        ),
      ),
    ),
  );
}

/**
 * A document made only of what Markdown says in its own syntax (headings, marks, links, nested and
 * ordered lists with their start, quotes, code blocks with their language, rules, plain tables, hard
 * breaks and images with the attribute block): the subset that must come back from Markdown unchanged
 * without any HTML in it. Text includes Markdown syntax, which must stay text.
 */
export function markdownDocument(schema: Schema, seed: number): PmNode {
  const random = seededRandom(seed ^ 0x3d);
  const doc = withSyntaxText(randomDocument(schema, seed, markdownOptions()), random);
  const shaped = markdownShape(doc);
  const table = random() < 0.4 ? markdownTable(schema, random) : null;
  return table ? shaped.copy(shaped.content.addToEnd(table)) : shaped;
}

/** Options of `randomDocument` for documents of what a Word file carries back (`wordDocument` shapes the rest). */
export function wordOptions(): RandomDocumentOptions {
  return {
    // Rules are empty paragraphs with a border in Word (which the import drops); media have runs of their own,
    // icons and form controls a text stand-in.
    skipNodes: new Set([
      'horizontalRule',
      ImageMedia.node,
      VideoMedia.node,
      FileMedia.node,
      PlaceholderMedia.node,
      IconNodeName,
      FormNodeName,
      EmbedCardNodeName,
    ]),
    // Word's tracked changes are written (as marked) but not read back as suggestions.
    skipMarks: new Set(SuggestionMarkNames),
    mustSet: (type, attr) => type === 'link' && attr === 'href',
    allowMark: (node) => node === 'text',
    maxDepth: 4,
  };
}

/** A node type of the model (the word corpus uses only the core ones). */
function typeOf(schema: Schema, name: string): NodeType {
  const type = schema.nodes[name];
  if (!type) throw new Error(`the schema has no ${name}`);
  return type;
}

/** A paragraph of one text. */
const textParagraph = (schema: Schema, text: string): PmNode =>
  typeOf(schema, 'paragraph').create(null, schema.text(text));

/** A text block's content as Word carries it: text, and line breaks between texts only; never empty. */
function wordLine(block: PmNode, type: NodeType, attrs: PmNode['attrs'] | null, filler: string): PmNode {
  const inline: PmNode[] = [];
  block.forEach((child) => inline.push(child));
  const kept = inline.filter(
    (child, i) => child.isText || (inline[i - 1]?.isText === true && inline[i + 1]?.isText === true),
  );
  return type.create(attrs, kept.length > 0 ? kept : [block.type.schema.text(filler)]);
}

/** Blocks of a quote or a table cell: paragraphs of text. */
function wordParagraphs(node: PmNode, filler: string): PmNode[] {
  const schema = node.type.schema;
  const out: PmNode[] = [];
  node.forEach((child) => {
    out.push(
      child.isTextblock && child.type.spec.code !== true
        ? wordLine(child, typeOf(schema, 'paragraph'), null, filler)
        : textParagraph(schema, filler),
    );
  });
  return out;
}

/** A list as Word numbers it: each item its text, and at most one nested list right after it. */
function wordList(list: PmNode): PmNode {
  const schema = list.type.schema;
  const items: PmNode[] = [];
  list.forEach((item) => {
    const first = item.firstChild;
    const text =
      first?.type.name === 'paragraph' ? wordLine(first, first.type, null, 'item') : textParagraph(schema, 'item');
    let nested: PmNode | null = null;
    item.forEach((child) => {
      if (!nested && child.type.name.endsWith('List')) nested = wordList(child);
    });
    items.push(item.type.create(null, nested ? [text, nested] : [text]));
  });
  return list.type.create(null, items);
}

/** A table as Word holds it: rectangular, header cells only in a first row of them, paragraphs in cells. */
function wordTable(table: PmNode): PmNode {
  const schema = table.type.schema;
  const header = table.firstChild?.firstChild?.type.name === 'tableHeader';
  const columns = Math.max(1, table.firstChild?.childCount ?? 0);
  const rows: PmNode[] = [];
  table.forEach((row, _offset, r) => {
    const cells: PmNode[] = [];
    for (let c = 0; c < columns; c++) {
      const type = typeOf(schema, r === 0 && header ? 'tableHeader' : 'tableCell');
      cells.push(
        type.create(null, c < row.childCount ? wordParagraphs(row.child(c), 'cell') : textParagraph(schema, 'cell')),
      );
    }
    rows.push(typeOf(schema, 'tableRow').create(null, cells));
  });
  return table.type.create(null, rows);
}

/**
 * A document made of what a Word file written by the export carries back through the import (mammoth):
 * headings, paragraphs, text marks, line breaks, lists (each item one paragraph and a nested list), quotes of
 * paragraphs, code blocks, tables. Blocks of a kind Word would join (two lists of a kind, quotes or code
 * blocks in a row) are kept apart by a paragraph. Attributes stay as drawn (the round trip compares without them).
 */
export function wordDocument(schema: Schema, seed: number): PmNode {
  const doc = withSyntaxText(randomDocument(schema, seed, wordOptions()), seededRandom(seed ^ 0x77));
  const paragraph = typeOf(schema, 'paragraph');
  const blocks: PmNode[] = [];
  doc.forEach((node) => {
    let shaped: PmNode;
    const name = node.type.name;
    if (name === 'heading') shaped = wordLine(node, node.type, node.attrs, 'h');
    else if (name === 'bulletList' || name === 'orderedList') shaped = wordList(node);
    else if (name === 'blockquote') shaped = node.type.create(null, wordParagraphs(node, 'q'));
    else if (name === 'table') shaped = wordTable(node);
    else if (name === 'codeBlock')
      shaped = node.textContent === '' ? node.type.create(node.attrs, schema.text('x')) : node;
    else shaped = wordLine(node, paragraph, node.attrs, 'p');
    const previous = blocks[blocks.length - 1];
    if (previous?.type === shaped.type && /List$|^blockquote$|^codeBlock$/.test(name)) {
      blocks.push(textParagraph(schema, 'between'));
    }
    blocks.push(shaped);
  });
  return doc.type.create(doc.attrs, blocks);
}

/** Addresses a document may hold: web, mail and phone links, fragments and our own relative paths. */
const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|#|\/(?!\/))/i;
/** Attributes holding an address, in the document and in HTML. */
const URL_ATTRS = new Set([
  'href',
  'src',
  'linkhref',
  'poster',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'srcset',
]);
/** Elements that run script, load or embed something, or style the page: never in the model's HTML. */
const UNSAFE_ELEMENTS = new Set([
  'script',
  'style',
  'svg',
  'math',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'link',
  'noscript',
  'template',
  'frame',
  'frameset',
]);
const UNSAFE_CSS = /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:/i;

/**
 * What in a document (its attributes; text is inert) and in its HTML (elements and attributes) could run
 * script, load from elsewhere or inject CSS: the checks of SECURITY.md's classes for hostile-input tests.
 * Empty when there is none. `owner` is the DOM document the HTML is parsed in (inertly).
 */
export function unsafeParts(doc: PmNode, html: string, owner: Document): string[] {
  const found: string[] = [];
  const checkAttrs = (where: string, attrs: Readonly<Record<string, unknown>>): void => {
    for (const [name, value] of Object.entries(attrs)) {
      if (typeof value !== 'string' || value === '') continue;
      const url = URL_ATTRS.has(name.toLowerCase()) && !SAFE_URL.test(value);
      // Free text (alt, caption, title, a file's name) is inert wherever it goes.
      const css = !['caption', 'alt', 'title', 'name'].includes(name) && UNSAFE_CSS.test(value);
      if (url || css) found.push(`${where}.${name}=${value}`);
    }
  };
  doc.descendants((node) => {
    checkAttrs(node.type.name, node.attrs);
    for (const mark of node.marks) checkAttrs(mark.type.name, mark.attrs);
  });
  const template = owner.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (UNSAFE_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    if (tag === 'iframe' && canonicalEmbedSrc(el.getAttribute('src')) !== el.getAttribute('src')) {
      found.push(`<iframe src=${String(el.getAttribute('src'))}>`);
    }
    if (tag === 'iframe' && el.hasAttribute('srcdoc')) found.push('<iframe srcdoc>');
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      if (URL_ATTRS.has(name) && !SAFE_URL.test(attr.value.trim())) found.push(`<${tag} ${name}=${attr.value}>`);
      if (name === 'style' && UNSAFE_CSS.test(attr.value)) found.push(`<${tag} style=${attr.value}>`);
    }
  }
  return found;
}
