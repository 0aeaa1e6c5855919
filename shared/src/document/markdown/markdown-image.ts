/**
 * The Markdown of an image: `![alt](src)` followed by an attribute block in pandoc's style for what the
 * model keeps beyond it, e.g. `![Chart](/uploads/a.png){width=300px align=left .fr-rounded caption="Q3"}`.
 * Only attributes that differ from the image's defaults are written. Other Markdown renderers show the
 * image and leave the block as text after it. Values read back go through the image node's validators.
 */

/** The attribute block's keys, in the order they are written, and the image attribute each one holds. */
const KEYS = [
  ['width', 'width'],
  ['height', 'height'],
  ['align', 'align'],
  ['display', 'display'],
  ['caption', 'caption'],
  ['upload', 'uploadId'],
] as const;

/** The image attributes its Markdown carries: the address, the alt text, the block's keys and the classes. */
export const IMAGE_MARKDOWN_ATTRS: readonly string[] = ['src', 'alt', ...KEYS.map(([, attr]) => attr), 'classes'];

/** What an image's Markdown carries: its attributes as stored (`classes` space-separated). */
export type MarkdownImageAttrs = Readonly<Record<string, unknown>>;

/** Defaults of the attributes the block writes (an attribute at its default is left out). */
export type ImageDefaults = Readonly<Record<string, unknown>>;

const BARE_VALUE = /^[A-Za-z0-9_.%/:#+-]+$/;
const CLASS_TOKEN = /^[A-Za-z_][\w-]*$/;

// `<` and `&` escaped too, so that another renderer shows them as text rather than as HTML.
const quoted = (value: string): string => `"${value.replace(/[\\"<&]/g, (c) => `\\${c}`)}"`;

/** The alt text between the brackets: backslash, brackets and line breaks cannot stand as they are. */
const escapeAlt = (alt: string): string => alt.replace(/[\\[\]`*_~<&!]/g, (c) => `\\${c}`);

/** The image's address between the parentheses, or null when Markdown cannot hold it unchanged. */
function destination(src: string): string | null {
  if (src === '' || /[\s<>\\]/.test(src)) return null;
  // Balanced parentheses stand as they are in a destination; others go inside angle brackets.
  let depth = 0;
  for (const c of src) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) break;
  }
  return depth === 0 ? src : `<${src}>`;
}

/**
 * The Markdown of an image with these attributes, or null when the syntax cannot carry them unchanged
 * (the image is then written as the model's HTML). `defaults` are the image node's attribute defaults.
 */
export function imageMarkdown(attrs: MarkdownImageAttrs, defaults: ImageDefaults): string | null {
  const src = typeof attrs.src === 'string' ? destination(attrs.src) : null;
  const alt = typeof attrs.alt === 'string' ? attrs.alt : '';
  if (src === null || /[\n\r]/.test(alt)) return null;
  const parts: string[] = [];
  for (const [key, attr] of KEYS) {
    const value = attrs[attr];
    if (value === defaults[attr] || value === null || value === undefined) continue;
    if (typeof value !== 'string' || /[\n\r]/.test(value)) return null;
    parts.push(`${key}=${BARE_VALUE.test(value) ? value : quoted(value)}`);
  }
  const classes = typeof attrs.classes === 'string' ? attrs.classes.split(' ').filter(Boolean) : [];
  for (const token of classes) {
    if (!CLASS_TOKEN.test(token)) return null;
    parts.push(`.${token}`);
  }
  const block = parts.length > 0 ? `{${parts.join(' ')}}` : '';
  return `![${escapeAlt(alt)}](${src})${block}`;
}

/** One image in Markdown source, as the tokenizer found it at the start of the source. */
export interface ImageMatch {
  raw: string;
  alt: string;
  src: string;
  /** The attribute block's values by image attribute name (as written: the validators decide). */
  attrs: Record<string, string>;
}

// Bounded repetitions: a line of `![` must not cost its square.
const IMAGE =
  /^!\[((?:\\.|[^\\[\]\n]){0,2000})\]\(\s*(?:<((?:\\.|[^\\<>\n]){1,4000})>|((?:\\.|[^\\\s()<>]|\((?:\\.|[^\\\s()<>]){0,4000}\)){1,4000}))(?:\s+(?:"(?:\\.|[^\\"]){0,4000}"|'(?:\\.|[^\\']){0,4000}'))?\s*\)/;
// Items separated by white space, so that there is one way to read a block (no backtracking on a long one).
const ITEM_SOURCE = String.raw`(?:\.[A-Za-z_][\w-]*|[A-Za-z][\w-]*=(?:"(?:\\.|[^\\"\n])*"|[^\s"{}]+))`;
const BLOCK = new RegExp(String.raw`^\{[ \t]*((?:${ITEM_SOURCE}(?:[ \t]+${ITEM_SOURCE})*)?)[ \t]*\}`);
const ITEM = /\.([A-Za-z_][\w-]*)|([A-Za-z][\w-]*)=(?:"((?:\\.|[^\\"\n])*)"|([^\s"{}]+))/g;

const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');

/** The values of an attribute block (`{width=300 .fr-rounded caption="…"}`) by image attribute name. */
export function readAttributeBlock(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  const classes: string[] = [];
  for (const match of block.matchAll(ITEM)) {
    const [, className, key, quotedValue, bareValue] = match;
    if (className) {
      classes.push(className);
      continue;
    }
    const attr = KEYS.find(([name]) => name === key)?.[1];
    // Unknown keys (`onerror=…`, `style=…`) are not image attributes: they are dropped.
    if (!attr) continue;
    const value = quotedValue !== undefined ? unescape(quotedValue) : (bareValue ?? '');
    // pandoc's convention: a bare number is pixels.
    out[attr] = (attr === 'width' || attr === 'height') && /^\d+(?:\.\d+)?$/.test(value) ? `${value}px` : value;
  }
  if (classes.length > 0) out.classes = classes.join(' ');
  return out;
}

/** The image (with its attribute block, when one follows) at the start of `src`, or null. */
export function matchImage(src: string): ImageMatch | null {
  const image = IMAGE.exec(src);
  if (!image) return null;
  const [imageRaw, alt = '', angled, bare] = image;
  const block = BLOCK.exec(src.slice(imageRaw.length));
  return {
    raw: imageRaw + (block?.[0] ?? ''),
    alt: unescape(alt),
    src: unescape(angled ?? bare ?? ''),
    attrs: block ? readAttributeBlock(block[1] ?? '') : {},
  };
}
