import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import type { DocumentRules } from '../model/model-types';

/**
 * The JSON Tiptap's Markdown reader gives, made a document of the model: every attribute through its
 * validator, white space as the model's HTML has it, stray inline content in paragraphs, required
 * content filled in.
 */

/** Markdown's name of an attribute that the model calls differently (a table column's alignment). */
const ATTR_ALIASES: Readonly<Record<string, string>> = { align: 'textAlign' };

/**
 * The parsed JSON as the model allows it: Markdown's own syntax (a link's address, an image's source and
 * attribute block, a code block's language) bypasses the HTML parse rules, so every attribute meets its
 * validator here. An invalid attribute falls back to its default; a mark with one is dropped; so is a node
 * that needs it. Attributes the model does not know are left out.
 */
export function validJson(json: JSONContent, rules: DocumentRules, schema: Schema): JSONContent | null {
  const type = json.type ?? '';
  const marks = json.marks?.filter((mark, index, all) => {
    const rule = rules.marks.get(mark.type);
    return (
      rule !== undefined &&
      // `*****b*****` nests a mark in itself: once is enough.
      all.findIndex((other) => other.type === mark.type) === index &&
      Object.entries(mark.attrs ?? {}).every(
        ([name, value]) => value === null || rule.attrs.get(name)?.(value) === true,
      )
    );
  });
  if (type === 'text') return { ...json, ...(marks ? { marks } : {}) };
  const rule = type === 'doc' ? undefined : rules.nodes.get(type);
  if (type !== 'doc' && !rule) return null;
  const specAttrs = schema.nodes[type]?.spec.attrs ?? {};
  const attrs: Record<string, unknown> = {};
  for (const [written, raw] of Object.entries(json.attrs ?? {})) {
    const name = written in specAttrs ? written : ATTR_ALIASES[written];
    if (name === undefined || !(name in specAttrs)) continue;
    const validate = rule?.attrs.get(name);
    // A class list keeps the classes the model allows.
    const value =
      name === 'classes' && typeof raw === 'string'
        ? raw
            .split(/\s+/)
            .filter((token) => validate?.(token) === true)
            .join(' ')
        : raw;
    if (value === null || validate?.(value) === true) attrs[name] = value;
    // An attribute without a default cannot fall back: the node goes.
    else if (specAttrs[name]?.default === undefined) return null;
  }
  const content = json.content?.flatMap((child) => {
    const valid = validJson(child, rules, schema);
    return valid ? [valid] : [];
  });
  return { ...json, attrs, ...(content ? { content } : {}), ...(marks ? { marks } : {}) };
}

/**
 * The JSON with white space outside code as the model's HTML has it (what Markdown shows, and what reads the
 * same way again): runs of spaces, tabs and line ends as one space, none at the start or end of a line.
 */
export function collapsedWhiteSpace(json: JSONContent, schema: Schema): JSONContent {
  const type = schema.nodes[json.type ?? ''];
  if (!type || !json.content || type.spec.code === true) return json;
  if (!type.isTextblock) return { ...json, content: json.content.map((c) => collapsedWhiteSpace(c, schema)) };
  let content = json.content.map((c) =>
    c.type === 'text' ? { ...c, text: (c.text ?? '').replace(/[ \t\n\r]+/g, ' ') } : c,
  );
  // Trimming a text can empty it, and bring the next one to a line's start: until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    content = content.filter((c) => c.type !== 'text' || (c.text ?? '') !== '');
    content.forEach((node, i) => {
      if (node.type !== 'text') return;
      const before = content[i - 1];
      const after = content[i + 1];
      const text = node.text ?? '';
      let next = text;
      if (!before || before.type === 'hardBreak' || (before.type === 'text' && /\s$/.test(before.text ?? ''))) {
        next = next.replace(/^ +/, '');
      }
      if (!after || after.type === 'hardBreak') next = next.replace(/ +$/, '');
      if (next !== text) {
        node.text = next;
        changed = true;
      }
    });
  }
  return { ...json, content };
}

/** The JSON with inline nodes that stand among blocks (an image alone on its line) wrapped in paragraphs. */
export function blockified(json: JSONContent, schema: Schema): JSONContent {
  const type = schema.nodes[json.type ?? ''];
  if (!type || !json.content || type.isTextblock) return json;
  const content: JSONContent[] = [];
  let inline: JSONContent[] = [];
  const flush = (): void => {
    if (inline.length > 0) content.push({ type: 'paragraph', content: inline });
    inline = [];
  };
  for (const child of json.content) {
    const childType = child.type === 'text' ? schema.nodes.text : schema.nodes[child.type ?? ''];
    if (childType?.isInline) inline.push(child);
    else {
      flush();
      content.push(blockified(child, schema));
    }
  }
  flush();
  return { ...json, content };
}

/** The node with every container's required content filled in (an emptied quote gets its paragraph). */
export function filled(node: PmNode): PmNode {
  if (node.isText || node.isLeaf) return node;
  const children: PmNode[] = [];
  node.forEach((child) => children.push(filled(child)));
  return (
    node.type.createAndFill(node.attrs, children, node.marks) ??
    node.type.createAndFill(node.attrs, null, node.marks) ??
    node
  );
}
