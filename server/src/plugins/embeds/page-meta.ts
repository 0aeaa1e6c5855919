import { type DefaultTreeAdapterTypes, defaultTreeAdapter as tree, parse } from 'parse5';

type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** What a page says about itself: its oEmbed address and its Open Graph / Twitter / HTML metadata. */
export interface PageMeta {
  /** The JSON oEmbed discovery link, absolute (null when absent or not http(s)). */
  oembedUrl: string | null;
  /** og:title or twitter:title. */
  title: string;
  /** The page's `<title>`. */
  documentTitle: string;
  description: string;
  /** The picture's absolute address (og:image, twitter:image), or null. */
  image: string | null;
  siteName: string;
}

/** The fields an oEmbed answer may give a card; its `html` is never read. */
export interface OEmbedMeta {
  title: string;
  siteName: string;
  image: string | null;
}

function attr(el: Element, name: string): string {
  return el.attrs.find((a) => a.name === name)?.value ?? '';
}

function textOf(el: Element): string {
  return el.childNodes.map((c) => (tree.isTextNode(c) ? c.value : '')).join('');
}

/** An absolute http(s) address from `raw` read against `base`, or null. */
export function absoluteHttpUrl(raw: string, base: URL): string | null {
  if (raw.trim() === '') return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads the `<head>` metadata of an HTML page (parse5: no script runs, nothing is kept but these strings). */
export function readPageMeta(html: string, base: URL): PageMeta {
  const document = parse(html, { scriptingEnabled: false });
  const meta = new Map<string, string>();
  let oembed = '';
  let title = '';
  const stack: ChildNode[] = [...(document.childNodes as ChildNode[])];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!tree.isElementNode(node)) continue;
    const el = node;
    if (el.tagName === 'meta') {
      const key = (attr(el, 'property') || attr(el, 'name')).trim().toLowerCase();
      // The first value of a key wins (pages repeat og:image for alternatives).
      if (key && !meta.has(key)) meta.set(key, attr(el, 'content'));
    } else if (el.tagName === 'link') {
      const rel = attr(el, 'rel').toLowerCase().split(/\s+/);
      if (!oembed && rel.includes('alternate') && attr(el, 'type').toLowerCase() === 'application/json+oembed') {
        oembed = attr(el, 'href');
      }
    } else if (el.tagName === 'title' && !title) {
      title = textOf(el);
    }
    // Scripts, styles and templates are never looked into.
    if (el.tagName === 'script' || el.tagName === 'style' || el.tagName === 'template') continue;
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i] as ChildNode);
  }
  const first = (...keys: string[]) => keys.map((k) => meta.get(k)?.trim() ?? '').find((v) => v !== '') ?? '';
  const image = first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src');
  return {
    oembedUrl: absoluteHttpUrl(oembed, base),
    title: first('og:title', 'twitter:title'),
    documentTitle: title.trim(),
    description: first('og:description', 'twitter:description', 'description'),
    image: absoluteHttpUrl(image, base),
    siteName: first('og:site_name', 'application-name'),
  };
}

const stringField = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The card fields of an oEmbed JSON answer (title, provider, thumbnail); anything else, `html` included, is ignored. */
export function readOEmbed(bytes: Buffer, base: URL): OEmbedMeta | null {
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return {
    title: stringField(record.title),
    siteName: stringField(record.provider_name),
    image: absoluteHttpUrl(stringField(record.thumbnail_url), base),
  };
}
