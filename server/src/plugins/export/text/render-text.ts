import { getTextSerializersFromSchema, type TextSerializer } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { bulletStyleOf, listStart, numberLabel, numberStyleOf, type BulletStyle } from '../render/lists';

/**
 * The plain-text export (`format=text`) of a document as the exports see it (`exportedDocument`): blocks apart
 * by one empty line; a list one item per line, with its bullet or number (the PDF's and Word's) and nested
 * lists indented under their item; a table one row per line, cells apart by a tab; atoms as their
 * `renderText` gives them (an image's alt text, a file's name). Blocks without text leave no line.
 */

const BULLETS: Readonly<Record<BulletStyle, string>> = { disc: '•', circle: '◦', square: '▪' };

interface TextContext {
  serializers: Record<string, TextSerializer>;
  /** Nesting of lists (which bullet a list without a style of its own draws). */
  listDepth: number;
  /** Between the blocks of a quote: an empty line, in a list item a line end. */
  separator: string;
}

/** The text of a text block's inline content: hard breaks are line ends. */
function inlineText(block: PmNode, ctx: TextContext): string {
  let out = '';
  block.forEach((child, offset, index) => {
    if (child.isText) out += child.text ?? '';
    else {
      const serializer = ctx.serializers[child.type.name];
      out += serializer
        ? serializer({ node: child, pos: offset, parent: block, index, range: { from: 0, to: 0 } })
        : child.isLeaf
          ? ''
          : child.textContent;
    }
  });
  return out;
}

/** `text` with every line after the first indented by `width` spaces (empty lines stay empty). */
const hang = (text: string, width: number): string =>
  text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : ' '.repeat(width) + line))
    .join('\n');

function listText(list: PmNode, ctx: TextContext, ordered: boolean): string {
  const style = numberStyleOf(list);
  const bullet = BULLETS[bulletStyleOf(list, ctx.listDepth)];
  const inner: TextContext = { ...ctx, listDepth: ctx.listDepth + 1, separator: '\n' };
  let n = listStart(list);
  const items: string[] = [];
  list.forEach((item) => {
    const marker = `${ordered ? numberLabel(n++, style) : bullet} `;
    // An item's blocks on lines of their own, without empty lines between them.
    const text = blocksText(item, inner);
    items.push(text === '' ? marker.trimEnd() : marker + hang(text, marker.length));
  });
  return items.join('\n');
}

function tableText(table: PmNode, ctx: TextContext): string {
  const rows: string[] = [];
  table.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(blocksText(cell, { ...ctx, separator: ' ' }).replace(/\s*\n\s*/g, ' ')));
    rows.push(cells.join('\t'));
  });
  return rows.join('\n');
}

/** Empty lines at a block's start or end (a hard break last in a paragraph): the blocks' separator says enough. */
const trimLines = (text: string): string => text.replace(/^(?:[ \t]*\n)+|(?:\n[ \t]*)+$/g, '');

/** The text of one block ('' when it has none). */
function blockText(node: PmNode, ctx: TextContext): string {
  switch (node.type.name) {
    case 'bulletList':
      return listText(node, ctx, false);
    case 'orderedList':
      return listText(node, ctx, true);
    case 'table':
      return tableText(node, ctx);
    case 'codeBlock':
      return node.textContent;
    default:
      if (node.isTextblock) return inlineText(node, ctx);
      // A quote, or any other container: its blocks as the document's.
      return node.isLeaf ? '' : blocksText(node, ctx);
  }
}

/** The texts of a node's blocks, without the blocks that have none. */
function blocksText(parent: PmNode, ctx: TextContext): string {
  const parts: string[] = [];
  parent.forEach((child) => {
    const text = trimLines(blockText(child, ctx));
    if (text.trim() !== '') parts.push(text);
  });
  return parts.join(ctx.separator);
}

/** The plain text of a document. */
export function renderText(doc: PmNode): string {
  return blocksText(doc, {
    serializers: getTextSerializersFromSchema(doc.type.schema),
    listDepth: 0,
    separator: '\n\n',
  });
}
