import { Node as TiptapNode, type JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { Fragment, type Mark, type Node as PmNode, type NodeType, type Schema } from '@tiptap/pm/model';
import type { DocumentModel } from './create-document-model';
import type { DocumentRules } from './model-types';
import { renderFragmentHtml } from './html-serializer';

/** Stand-ins for content Markdown cannot say: their Markdown is the model's HTML of what they replace. */
const HTML_BLOCK = 'markdownHtmlBlock';
const HTML_INLINE = 'markdownHtmlInline';

const rawHtml = (node: JSONContent): string => {
  const html: unknown = node.attrs?.html;
  return typeof html === 'string' ? html : '';
};
const HtmlBlock = TiptapNode.create({
  name: HTML_BLOCK,
  group: 'block',
  atom: true,
  addAttributes: () => ({ html: { default: '' } }),
  renderMarkdown: (node) => rawHtml(node),
});
const HtmlInline = TiptapNode.create({
  name: HTML_INLINE,
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ html: { default: '' } }),
  renderMarkdown: (node) => rawHtml(node),
});

/** Marks Markdown writes itself, with the attributes it keeps (others make the text inline HTML). */
const MARKDOWN_MARKS: Readonly<Record<string, readonly string[]>> = {
  bold: [],
  italic: [],
  strike: [],
  code: [],
  underline: [],
  link: ['href', 'title'],
};

/** Blocks Markdown writes itself, with the attributes it keeps (any other attribute set makes the block HTML). */
const MARKDOWN_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  paragraph: [],
  heading: ['level'],
  blockquote: [],
  bulletList: [],
  orderedList: ['start'],
  listItem: [],
  codeBlock: ['language'],
  horizontalRule: [],
  // Only inside a table that `tableSaysItself` accepted.
  tableRow: [],
  tableHeader: [],
  tableCell: [],
};

/** Inline nodes Markdown writes itself. */
const MARKDOWN_INLINE_NODES: ReadonlySet<string> = new Set(['hardBreak']);

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

const markSaysItself = (mark: Mark): boolean => {
  const kept = MARKDOWN_MARKS[mark.type.name];
  return kept !== undefined && hasOnlyDefaults(mark.attrs, mark.type, kept);
};

const inlineSaysItself = (node: PmNode): boolean =>
  (node.isText || MARKDOWN_INLINE_NODES.has(node.type.name)) && node.marks.every(markSaysItself);

/** A table Markdown can write: a header row, then plain rows, one paragraph per cell, no attributes. */
function tableSaysItself(table: PmNode): boolean {
  if (!hasOnlyDefaults(table.attrs, table.type, [])) return false;
  let ok = table.childCount > 0;
  table.forEach((row, _offset, index) => {
    if (!hasOnlyDefaults(row.attrs, row.type, [])) ok = false;
    row.forEach((cell) => {
      const expected = index === 0 ? 'tableHeader' : 'tableCell';
      const only = cell.firstChild;
      if (
        cell.type.name !== expected ||
        !hasOnlyDefaults(cell.attrs, cell.type, []) ||
        cell.childCount !== 1 ||
        !only ||
        only.type.name !== 'paragraph' ||
        !hasOnlyDefaults(only.attrs, only.type, [])
      ) {
        ok = false;
        return;
      }
      only.forEach((inline) => {
        if (inline.type.name === 'hardBreak') ok = false;
      });
    });
  });
  return ok;
}

function blockSaysItself(node: PmNode): boolean {
  if (node.type.name === 'table') return tableSaysItself(node);
  const kept = MARKDOWN_BLOCKS[node.type.name];
  return kept !== undefined && hasOnlyDefaults(node.attrs, node.type, kept);
}

/** The JSON Markdown is written from: what Markdown cannot say replaced by its HTML. */
function toMarkdownJson(node: PmNode, schema: Schema): JSONContent {
  if (node.isText) return node.toJSON() as JSONContent;
  const json: JSONContent = { type: node.type.name };
  if (Object.keys(node.attrs).length > 0) json.attrs = { ...node.attrs };
  if (node.childCount === 0) return json;
  const content: JSONContent[] = [];
  if (node.inlineContent) {
    // Runs of inline content Markdown cannot say become one piece of inline HTML each.
    let run: PmNode[] = [];
    const flush = (): void => {
      if (run.length === 0) return;
      content.push({ type: HTML_INLINE, attrs: { html: renderFragmentHtml(Fragment.fromArray(run), schema) } });
      run = [];
    };
    node.forEach((child) => {
      if (inlineSaysItself(child)) {
        flush();
        content.push(child.toJSON() as JSONContent);
      } else run.push(child);
    });
    flush();
  } else {
    node.forEach((child) => {
      content.push(
        blockSaysItself(child)
          ? toMarkdownJson(child, schema)
          : { type: HTML_BLOCK, attrs: { html: renderFragmentHtml(Fragment.from(child), schema) } },
      );
    });
  }
  json.content = content;
  return json;
}

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

/**
 * The Markdown rules of `model`, reading into `schema` (the model's own, or an editor's schema built from
 * the same definitions, so that parsed nodes can go into that editor's transactions).
 */
export function documentMarkdown(model: DocumentModel, schema: Schema = model.schema): DocumentMarkdown {
  const cached = cache.get(schema);
  if (cached) return cached;
  const manager = new MarkdownManager({ extensions: [...model.extensions, HtmlBlock, HtmlInline] });
  const result: DocumentMarkdown = {
    serialize: (doc) => manager.serialize(toMarkdownJson(doc, schema)),
    parse: (markdown) => {
      const json = validJson(manager.parse(markdown), model.rules, schema) ?? { type: 'doc' };
      return filled(schema.nodeFromJSON({ ...json, type: 'doc' }));
    },
  };
  cache.set(schema, result);
  return result;
}

/**
 * The parsed JSON as the model allows it: Markdown's own syntax (a link's address, an image's source, a
 * code block's language) bypasses the HTML parse rules, so every attribute meets its validator here. An
 * invalid attribute falls back to its default; a mark with one is dropped; so is a node that needs it.
 */
function validJson(json: JSONContent, rules: DocumentRules, schema: Schema): JSONContent | null {
  const type = json.type ?? '';
  const marks = json.marks?.filter((mark) => {
    const rule = rules.marks.get(mark.type);
    return (
      rule !== undefined &&
      Object.entries(mark.attrs ?? {}).every(
        ([name, value]) => value === null || rule.attrs.get(name)?.(value) === true,
      )
    );
  });
  if (type === 'text') return { ...json, ...(marks ? { marks } : {}) };
  const rule = type === 'doc' ? undefined : rules.nodes.get(type);
  if (type !== 'doc' && !rule) return null;
  const attrs: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json.attrs ?? {})) {
    if (value === null || rule?.attrs.get(name)?.(value) === true) attrs[name] = value;
    // An attribute without a default (an image's source) cannot fall back: the node goes.
    else if (schema.nodes[type]?.spec.attrs?.[name]?.default === undefined) return null;
  }
  const content = json.content?.flatMap((child) => {
    const valid = validJson(child, rules, schema);
    return valid ? [valid] : [];
  });
  return { ...json, attrs, ...(content ? { content } : {}), ...(marks ? { marks } : {}) };
}

/** The node with every container's required content filled in (an emptied quote gets its paragraph). */
function filled(node: PmNode): PmNode {
  if (node.isText || node.isLeaf) return node;
  const children: PmNode[] = [];
  node.forEach((child) => children.push(filled(child)));
  return (
    node.type.createAndFill(node.attrs, children, node.marks) ??
    node.type.createAndFill(node.attrs, null, node.marks) ??
    node
  );
}
