import createDOMPurify, { type Config } from 'dompurify';
import { DOMParser as PmDOMParser, type Schema, type TagParseRule } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { renderFragmentHtml } from '@shared/document/html/html-serializer';
import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import { AutosaveLimits } from '@shared/limits';
import { flattenDeepHtml } from './depth';

/** Deepest element nesting kept; deeper elements are replaced by their text. */
export const MAX_HTML_DEPTH = AutosaveLimits.maxHtmlDepth;

/**
 * Elements that are no node of the model but whose bounds end a block (ProseMirror's parser starts a new
 * paragraph after them), so their text stays apart when the markup goes: layout containers, definition
 * lists and the table sections the model's table rules look through (`thead`, `tbody`, `tfoot`).
 */
const BLOCK_CONTAINERS = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'address',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'caption',
  'thead',
  'tbody',
  'tfoot',
];

/** Elements a model node's attribute parser reads inside the element its rule matched (`video > source`). */
const READ_INSIDE = ['source'];

/** Elements that are blocks of their own inside a caption or a term. */
const CELL_BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'pre',
  'blockquote',
  'hr',
  'div',
  'table',
]);

function holdsBlocks(el: HTMLElement): boolean {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (CELL_BLOCKS.has(child.tagName.toLowerCase())) return true;
  }
  return false;
}

/**
 * Table captions and terms (no nodes of the model) that hold only inline content become paragraphs, so each
 * keeps its text apart instead of running into the next one (those with blocks keep those blocks). Only the
 * model's own paragraph comes out of them. Cells are the model's table cells.
 */
const CELL_RULES: readonly TagParseRule[] = ['caption', 'dt'].map((tag) => ({
  tag,
  node: 'paragraph',
  getAttrs: (el: HTMLElement) => (holdsBlocks(el) ? false : null),
}));

/** The element names a parser's rules match: `span.fr-video` → span, `img[src]` → img, `h1` → h1. */
export function tagsOfRules(parser: PmDOMParser): string[] {
  const tags = new Set<string>();
  for (const rule of parser.rules) {
    if (!('tag' in rule) || typeof rule.tag !== 'string') continue;
    for (const selector of rule.tag.split(',')) {
      const name = /^\s*([a-z][a-z0-9-]*)/i.exec(selector)?.[1];
      if (name) tags.add(name.toLowerCase());
    }
  }
  return [...tags];
}

/** What the sanitizer needs of one model: its schema, its parser and DOMPurify's configuration for it. */
interface ModelSanitizer {
  schema: Schema;
  parser: PmDOMParser;
  config: Config & { RETURN_DOM: true };
}

const sanitizers = new WeakMap<EditorOptions, ModelSanitizer>();

function sanitizerFor(options: EditorOptions): ModelSanitizer {
  const cached = sanitizers.get(options);
  if (cached) return cached;
  const { schema } = createDocumentModel(options);
  const modelParser = PmDOMParser.fromSchema(schema);
  const sanitizer: ModelSanitizer = {
    schema,
    parser: new PmDOMParser(schema, [...modelParser.rules, ...CELL_RULES]),
    // The first pass: a conservative DOMPurify (only the elements the model parses and block containers,
    // DOMPurify's HTML attributes, our URL schemes), so no script-capable markup or parser differential
    // reaches the model's parser. What is kept is decided by the model afterwards.
    config: {
      ALLOWED_TAGS: [...new Set([...tagsOfRules(modelParser), ...READ_INSIDE, ...BLOCK_CONTAINERS])],
      ADD_ATTR: ['target'],
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      ALLOW_SELF_CLOSE_IN_ATTR: false,
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
      FORBID_ATTR: ['id', 'name', 'srcdoc', 'srcset', 'formaction', 'xlink:href', 'action'],
      FORBID_TAGS: ['svg', 'math', 'style', 'script', 'template', 'noscript', 'object', 'embed', 'form'],
      KEEP_CONTENT: true,
      SANITIZE_DOM: true,
      WHOLE_DOCUMENT: false,
      RETURN_DOM: true,
    },
  };
  sanitizers.set(options, sanitizer);
  return sanitizer;
}

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

/** Replaces every element deeper than the cap by its text (iterative: deep input cannot overflow the stack). */
function capDepth(root: Element): void {
  const stack: Array<{ node: Element; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    // Sibling links, not `children`: indexing jsdom's HTMLCollection costs O(n) per access (quadratic).
    let child = next.node.firstElementChild;
    while (child) {
      const following = child.nextElementSibling;
      if (next.depth + 1 > MAX_HTML_DEPTH) child.replaceWith(child.ownerDocument.createTextNode(child.textContent));
      else stack.push({ node: child, depth: next.depth + 1 });
      child = following;
    }
  }
}

/**
 * Sanitizes HTML (autosave bodies, imports) on the server by parsing it with the document model and rendering
 * it with the model: DOMPurify and jsdom first (depth-capped), then ProseMirror's DOMParser of the model's
 * schema (every element through a node's or mark's parse rule, every attribute through its validator), then
 * the model's HTML (`renderFragmentHtml`). Nothing the model does not allow survives, and the result is what
 * the editor would export for that content: `sanitizeHtml(sanitizeHtml(x)) === sanitizeHtml(x)`.
 */
export function sanitizeHtml(dirty: string, options: EditorOptions = defaultEditorOptions): string {
  const { schema, parser, config } = sanitizerFor(options);
  const node = purify.sanitize(flattenDeepHtml(dirty, MAX_HTML_DEPTH), config);
  // RETURN_DOM gives the <body> element of DOMPurify's own document.
  const body = node.nodeType === node.ELEMENT_NODE ? (node as Element) : window.document.createElement('body');
  capDepth(body);
  return renderFragmentHtml(parser.parse(body).content, schema);
}
