import { Fragment, MarkType, type Mark, type Node as PmNode, type NodeType, type Schema } from '@tiptap/pm/model';
import type { EditorOptions } from '../../editor-options';
import { modelAttributesOf } from '../model/attribute-model';
import { FileMedia } from '../model/file-model';
import { ImageMedia } from '../model/image-model';
import { relForTarget } from '../model/link-model';
import { PlaceholderMedia } from '../model/upload-placeholder-model';
import { VideoMedia } from '../model/video-model';
import { canonicalEmbedSrc } from '../model/video-url';
import { EmbedCardNodeName } from '../model/embed-card-model';
import { DeletionMarkName, InsertionMarkName, ModificationMarkName } from '../model/suggestion-model';

/**
 * Seeded random documents that the document model accepts, for property tests: nesting follows each node's
 * content expression, attribute values are drawn from a corpus filtered by each attribute's own validator,
 * and text carries random marks its block allows. The same seed always gives the same document.
 */

/** A small, fast seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Values of every kind an attribute of the model might hold; each attribute keeps those its validator accepts. */
export const VALUE_CORPUS: readonly unknown[] = [
  null,
  true,
  0,
  1,
  2,
  3,
  6,
  7,
  42,
  1234,
  1.5,
  -1,
  '',
  'a',
  'x y',
  // classes of the default editor options (paragraph styles, inline classes, image styles), and others
  'fr-text-gray',
  'fr-text-bordered fr-text-uppercase',
  'fr-text-gray fr-text-spaced',
  'fr-class-code',
  'fr-class-highlighted',
  'fr-class-code fr-class-transparency',
  'fr-rounded',
  'fr-bordered fr-shadow',
  'fr-dashed-borders',
  'fr-alternate-rows fr-dashed-borders',
  'fr-highlighted',
  'fr-thick fr-highlighted',
  'evil',
  // table cells: vertical alignment, column widths
  'top',
  'middle',
  'bottom',
  [120],
  [120, 80],
  [0, 45],
  [-3],
  // line heights, alignments, list types, languages
  '1',
  '1.15',
  '1.5',
  '2',
  '24px',
  '150%',
  'left',
  'center',
  'right',
  'justify',
  'circle',
  'disc',
  'square',
  'lower-alpha',
  'lower-greek',
  'lower-roman',
  'upper-alpha',
  'upper-roman',
  'decimal',
  'A',
  'i',
  'I',
  'js',
  'typescript',
  'c++',
  'c#',
  'objective-c',
  // colours, fonts, sizes, inline declarations
  '#E25041',
  '#FAC51C80',
  'red',
  'rebeccapurple',
  'Arial, Helvetica, sans-serif',
  '"Times New Roman", Times, serif',
  'Georgia',
  '8px',
  '12pt',
  '1.5em',
  '2rem',
  'letter-spacing: 2px',
  'text-transform: uppercase; opacity: 0.5',
  'text-shadow: 1px 1px 2px #000',
  'border: 1px solid red; border-radius: 4px',
  'padding: 2px 4px',
  // links
  'https://example.com/a?b=1&c=2',
  'http://example.org/',
  'mailto:a@b.c',
  'tel:+1234',
  '#top',
  '/path/to',
  '_blank',
  'noopener',
  'noopener noreferrer',
  'nofollow noopener',
  'A “title” & <x>',
  // media
  '/uploads/abc.png',
  'https://example.com/p.png',
  'alt é & "q"',
  '300px',
  '50%',
  '12.5px',
  'u1',
  'abc_DEF-9',
  'A caption & <more>',
  'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  'https://player.vimeo.com/video/76979871',
  '/uploads/v.mp4',
  'https://example.com/v.webm',
  'iframe',
  'file',
  'block',
  'inline',
  '/uploads/f.pdf',
  'https://example.com/f.zip',
  'report é.pdf',
  'application/pdf',
  'text/plain',
];

export interface RandomDocumentOptions {
  /** Node types never generated (besides those no content expression reaches). */
  skipNodes?: ReadonlySet<string>;
  /** Mark types never generated. */
  skipMarks?: ReadonlySet<string>;
  /** Attributes always drawn (when the corpus has values for them), e.g. what a parse rule requires. */
  mustSet?: (type: string, attr: string) => boolean;
  /** The drawn attributes of a node or mark, adjusted (values that depend on each other). */
  adjust?: (type: string, attrs: Record<string, unknown>) => Record<string, unknown>;
  /** Whether a mark may be put on text (`text`) or on an inline node of this type. */
  allowMark?: (node: string, mark: string) => boolean;
  /** Deepest nesting of block nodes. */
  maxDepth?: number;
  /** Most children per node. */
  maxChildren?: number;
}

const candidateCache = new WeakMap<NodeType | MarkType, Map<string, unknown[]>>();

/** The corpus values an attribute's validator accepts, besides its default (computed once per type). */
export function candidatesOf(type: NodeType | MarkType, attr: string): unknown[] {
  let perType = candidateCache.get(type);
  if (!perType) {
    perType = new Map();
    candidateCache.set(type, perType);
  }
  let values = perType.get(attr);
  if (!values) {
    const model = modelAttributesOf(type)?.[attr];
    values = model ? VALUE_CORPUS.filter((v) => v !== model.default && model.validate(v)) : [];
    perType.set(attr, values);
  }
  return values;
}

const TEXT_PIECES = [
  'a',
  'word',
  'é',
  'Ω',
  '😀',
  '&',
  '&amp;',
  '<b>',
  '>',
  '"q"',
  "it's",
  '\u00a0',
  '1 < 2',
  '‘x’',
  '→',
];

export function randomDocument(schema: Schema, seed: number, options: RandomDocumentOptions = {}): PmNode {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const skip = options.skipNodes ?? new Set<string>();
  const mustSet = options.mustSet ?? (() => false);
  const adjust = options.adjust ?? ((_type: string, attrs: Record<string, unknown>) => attrs);
  const skipMarks = options.skipMarks ?? new Set<string>();
  const allowMark = options.allowMark ?? (() => true);
  const maxDepth = options.maxDepth ?? 4;
  const maxChildren = options.maxChildren ?? 4;

  const attrsFor = (type: NodeType | MarkType): Record<string, unknown> => {
    const attrs: Record<string, unknown> = {};
    const names = Object.keys(type.spec.attrs ?? {}).filter((n) => candidatesOf(type, n).length > 0);
    for (const name of names) {
      if (mustSet(type.name, name) || random() < 0.6) attrs[name] = pick(candidatesOf(type, name));
    }
    // A mark with attributes is something only through them (a bare <span> or <a> is no mark).
    if (type instanceof MarkType && names.length > 0 && Object.keys(attrs).length === 0) {
      const name = pick(names);
      attrs[name] = pick(candidatesOf(type, name));
    }
    return adjust(type.name, attrs);
  };

  const randomText = (preserve: boolean): string => {
    const words = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TEXT_PIECES));
    // Outside code blocks the HTML parser collapses white space: single spaces between words only.
    return preserve ? words.join(pick([' ', '  ', '\n', '\t'])) : words.join(' ');
  };

  const randomMarks = (parent: NodeType, node: string): readonly Mark[] => {
    let marks: readonly Mark[] = [];
    for (const markType of Object.values(schema.marks)) {
      if (skipMarks.has(markType.name) || !parent.allowsMarkType(markType) || !allowMark(node, markType.name)) continue;
      if (random() > 0.25) continue;
      const mark = markType.create(attrsFor(markType));
      marks = mark.addToSet(marks);
    }
    return marks;
  };

  const inlineContent = (parent: NodeType): PmNode[] => {
    const nodes: PmNode[] = [];
    let match = parent.contentMatch;
    const count = Math.floor(random() * (maxChildren + 2));
    for (let i = 0; i < count; i++) {
      const edges = edgesOf(match).filter((t) => !skip.has(t.name));
      if (edges.length === 0) break;
      const type = pick(edges);
      const preserve = parent.spec.code === true;
      const node = type.isText
        ? schema.text(randomText(preserve), randomMarks(parent, type.name))
        : type.create(attrsFor(type), null, randomMarks(parent, type.name));
      const next = match.matchType(type);
      if (!next) break;
      nodes.push(node);
      match = next;
    }
    return nodes;
  };

  const build = (type: NodeType, depth: number): PmNode => {
    const attrs = attrsFor(type);
    if (type.isTextblock) return type.create(attrs, inlineContent(type));
    if (type.isLeaf) return type.create(attrs);
    const children: PmNode[] = [];
    let match = type.contentMatch;
    const count = 1 + Math.floor(random() * maxChildren);
    for (let i = 0; i < count; i++) {
      const edges = edgesOf(match).filter((t) => !skip.has(t.name) && (depth < maxDepth || t.isTextblock || t.isLeaf));
      if (edges.length === 0) break;
      const child = pick(edges);
      const next = match.matchType(child);
      if (!next) break;
      children.push(build(child, depth + 1));
      match = next;
    }
    const rest = match.fillBefore(Fragment.empty, true);
    return type.createChecked(attrs, rest ? Fragment.from(children).append(rest) : children);
  };

  return build(schema.topNodeType, 0);
}

function edgesOf(match: NodeType['contentMatch']): NodeType[] {
  const out: NodeType[] = [];
  for (let i = 0; i < match.edgeCount; i++) out.push(match.edge(i).type);
  return out;
}

/** The HTML `type` a list-style-type implies (what the ordered list's parse rule reads back). */
const HTML_LIST_TYPE: Readonly<Record<string, string>> = {
  'upper-roman': 'I',
  'lower-roman': 'i',
  'upper-alpha': 'A',
  'lower-alpha': 'a',
};

/**
 * Random documents in the canonical form of the model's HTML (model → HTML → model gives the same JSON).
 * The normalisations the HTML round trip makes, each drawn here the way it comes back:
 * - media without an address are not media (image/video `src`, file `href`, link `href`, card `url` always set);
 * - an image's `linkHref`/`linkTarget` mirror a link mark around it, which the HTML carries as `<a>`: they
 *   stay null here;
 * - a video's `kind` follows its address (embed URL → iframe, anything else → file), and an embed keeps
 *   no `uploadId` (the iframe does not carry one);
 * - a link opening a new tab always carries `noopener` (the model adds it when rendering);
 * - an ordered list's `type` `1` is decimal, written as no `type` at all, and a list style with an HTML type
 *   (`upper-roman` → `I`) brings that type back;
 * - a file link never sits inside a link (the HTML parser closes the outer `<a>` at the inner one);
 * - upload placeholders are editing artefacts without a parse rule: not generated;
 * - the comment anchors of objects (`commentThreads`) have no HTML form: not generated;
 * - a suggestion (insertion, deletion) always has its id (one without is read as plain text); the library's
 *   modification mark has no HTML form (Tandem never stores one): not generated.
 */
export function htmlRoundTripOptions(editorOptions: EditorOptions): RandomDocumentOptions {
  return {
    skipNodes: new Set([PlaceholderMedia.node]),
    skipMarks: new Set([ModificationMarkName]),
    mustSet: (type, attr) =>
      (attr === 'id' && (type === InsertionMarkName || type === DeletionMarkName)) ||
      (attr === 'src' && (type === ImageMedia.node || type === VideoMedia.node)) ||
      (attr === 'href' && (type === FileMedia.node || type === 'link')) ||
      // A card without an address is no card.
      (attr === 'url' && type === EmbedCardNodeName),
    adjust: (type, attrs) => {
      const out = { ...attrs };
      delete out.commentThreads;
      if (type === ImageMedia.node) {
        delete out.linkHref;
        delete out.linkTarget;
      } else if (type === VideoMedia.node) {
        if (canonicalEmbedSrc(out.src) === out.src) {
          out.kind = 'iframe';
          delete out.uploadId;
        } else out.kind = 'file';
      } else if (type === 'link' && out.target === '_blank') {
        out.rel = relForTarget('_blank', out.rel, editorOptions);
      } else if (type === 'orderedList') {
        if (out.type === '1') delete out.type;
        const implied = typeof out.listStyleType === 'string' ? HTML_LIST_TYPE[out.listStyleType] : undefined;
        if (out.type === undefined && implied) out.type = implied;
      }
      return out;
    },
    allowMark: (node, mark) => !(node === FileMedia.node && mark === 'link'),
  };
}
