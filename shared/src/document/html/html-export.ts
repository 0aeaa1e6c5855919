import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import { entityNames } from './html-entity-names';
import { renderFragmentHtml, type NodeRenderers } from './html-serializer';
import { iconExportSpec, type IconDrawings } from '../icons/icon-svg';
import { IconNodeName } from '../model/icon-model';
import { FormNodeName } from '../model/form-model';
import { formExportSpec } from './form-html';
import { PlaceholderMedia } from '../model/upload-placeholder-model';
import { withoutCommentMarks } from '../model/comment-model';
import { defaultSuggestionsOutput, suggestionsOutput, type SuggestionsOutput } from '../model/suggestion-outputs';

/**
 * The HTML export ("Download HTML" in the editor, `GET /api/documents/:id/export?format=html` on the server):
 * the document rendered by the model's schema without editing artefacts, the configured characters as named
 * entities, wrapped in a small UTF-8 document. Pure strings and ProseMirror nodes, no DOM: the browser and the
 * server write the same bytes.
 */

/** Elements whose content is not HTML text: written as they are. */
const rawTextElements = new Set(['style', 'script', 'svg', 'iframe', 'textarea', 'title']);
/** An `&` that already starts a character reference is kept; any other becomes `&amp;`. */
const reference = String.raw`&(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);`;

const escapeClass = (ch: string): string => (/[\\\]^[-]/.test(ch) ? `\\${ch}` : ch);
const entityOf = (ch: string): string => {
  const name = entityNames[ch];
  return name ? `&${name};` : `&#${ch.codePointAt(0) ?? 0};`;
};

/** End (exclusive) of the tag starting at `start` (`<`), skipping `>` inside quoted attribute values. */
function tagEnd(html: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < html.length; i++) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i + 1;
  }
  return html.length;
}

/**
 * Writes each of `characters` as its named entity (`é` → `&eacute;`, unnamed ones as `&#N;`) and a
 * bare `&` as `&amp;`, in text only: tags, attributes, comments and the content of style, script,
 * svg and iframe stay as they are (FROALA-REFERENCE §11).
 */
export function encodeEntities(html: string, characters: string): string {
  const chars = [...new Set(Array.from(characters))].filter((ch) => ch !== '&');
  const pattern = new RegExp(
    chars.length > 0 ? `${reference}|&|[${chars.map(escapeClass).join('')}]` : `${reference}|&`,
    'gu',
  );
  const encodeText = (text: string): string =>
    text.replace(pattern, (m) => (m === '&' ? '&amp;' : m.startsWith('&') ? m : entityOf(m)));

  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += encodeText(html.slice(i));
      break;
    }
    out += encodeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      out += html.slice(lt, i);
      continue;
    }
    if (!/[a-zA-Z/!?]/.test(html.charAt(lt + 1))) {
      // A lone "<" in text (not produced by the editor, but possible in pasted strings).
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const end = tagEnd(html, lt);
    const tag = html.slice(lt, end);
    out += tag;
    i = end;
    const name = /^<([a-zA-Z][\w-]*)/.exec(tag)?.[1]?.toLowerCase();
    if (name && rawTextElements.has(name) && !tag.endsWith('/>')) {
      const closing = new RegExp(`</${name}\\s*>`, 'gi');
      closing.lastIndex = i;
      const found = closing.exec(html);
      const stop = found ? found.index : html.length;
      out += html.slice(i, stop);
      i = stop;
    }
  }
  return out;
}

/** The document without running-upload placeholders (editing artefacts, as Froala strips `fr-uploading`). */
export function withoutUploadPlaceholders(doc: PmNode): Fragment {
  const placeholder = doc.type.schema.nodes[PlaceholderMedia.node];
  if (!placeholder) return doc.content;
  const positions: number[] = [];
  doc.descendants((node, pos) => {
    if (node.type === placeholder) positions.push(pos);
  });
  if (positions.length === 0) return doc.content;
  let next = doc;
  for (const pos of positions.reverse()) next = next.replace(pos, pos + 1, Slice.empty);
  return next.content;
}

const isEmptyParagraph = (node: PmNode): boolean => node.type.name === 'paragraph' && node.childCount === 0;

/**
 * The document as the exports write it: without running-upload placeholders, without comment anchors (their
 * text stays: comments are not part of these outputs) and without the empty paragraphs at its end (the editor
 * keeps one after a last list, table or heading to type in: Tiptap's trailing node). `blankLines: false`
 * (Markdown, plain text, where blank lines only part blocks) drops its other empty paragraphs too; `comments:
 * true` keeps the anchors (the Word export writes them as Word comments). Suggestions are accepted (the default)
 * or, with `suggestions: 'marked'`, kept as marks without their zero-width anchors (`suggestion-outputs.ts`).
 * The document itself is not changed; an empty one keeps the one paragraph it needs.
 */
export function exportedDocument(
  doc: PmNode,
  options: { blankLines?: boolean; comments?: boolean; suggestions?: SuggestionsOutput } = {},
): PmNode {
  const blocks: PmNode[] = [];
  const changes = suggestionsOutput(doc, options.suggestions ?? defaultSuggestionsOutput);
  withoutUploadPlaceholders(options.comments ? changes : withoutCommentMarks(changes)).forEach((node) => {
    if (options.blankLines !== false || !isEmptyParagraph(node)) blocks.push(node);
  });
  while (blocks.length > 0 && isEmptyParagraph(blocks[blocks.length - 1] as PmNode)) blocks.pop();
  if (blocks.length === 0) {
    const paragraph = doc.type.schema.nodes.paragraph;
    if (paragraph) blocks.push(paragraph.create());
  }
  return doc.copy(Fragment.fromArray(blocks));
}

/** Whether the document holds an icon (the HTML export then needs the drawings). */
export function hasIcons(doc: PmNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === IconNodeName) found = true;
    return !found;
  });
  return found;
}

/**
 * The document's HTML without placeholders, `characters` as named entities (code view, autosave). With
 * `drawings`, each icon's element holds its inline `<svg>` (the HTML export: the file shows the icons).
 */
export function exportBodyHtml(doc: PmNode, characters: string, drawings?: IconDrawings): string {
  // Form controls are real controls in every export (the model's HTML is their wrapper only).
  const renderers: NodeRenderers = {
    [FormNodeName]: formExportSpec,
    ...(drawings ? { [IconNodeName]: (node: PmNode) => iconExportSpec(node, drawings) } : {}),
  };
  return encodeEntities(renderFragmentHtml(withoutUploadPlaceholders(doc), doc.type.schema, renderers), characters);
}

/** The body of the HTML export (the browser's download and the server's `format=html`): see `exportedDocument`. */
export function exportedBodyHtml(
  doc: PmNode,
  characters: string,
  drawings?: IconDrawings,
  suggestions: SuggestionsOutput = defaultSuggestionsOutput,
): string {
  return exportBodyHtml(exportedDocument(doc, { suggestions }), characters, drawings);
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A complete, small UTF-8 HTML document around the exported body. */
export function htmlDocument(title: string, body: string, characters: string, lang = 'en'): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang.replace(/[^a-zA-Z-]/g, '')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${encodeEntities(escapeHtml(title), characters)}</title>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
