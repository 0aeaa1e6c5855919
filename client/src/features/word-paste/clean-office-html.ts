import type { PasteSource } from './detect-source';
import { buildLists, listItemOf, readListDefinitions, type WordListItem } from './word-lists';

/**
 * Office clipboard HTML made into plain structure the document model parses (FROALA-REFERENCE §36):
 * Word's markup (mso- styles, conditional comments, o:p, v:/w:/m: elements, classes, lang, smart tags, list
 * paragraphs with typed markers, bookmark anchors, width helper rows, local pictures) goes; headings,
 * paragraphs, real nested lists, tables with merged cells and backgrounds, marks, links and loadable
 * pictures stay. `keep` also keeps fonts, sizes, colours, highlights and line heights. Google Docs and
 * LibreOffice HTML is cleaned the same way (their wrappers, list markup and style-only formatting).
 *
 * One parse into an inert document (nothing runs, nothing loads), one pass over its elements, one pass per
 * container of list paragraphs.
 */

export type CleanMode = 'clean' | 'keep';

export interface CleanResult {
  html: string;
  /** Pictures that pointed at the author's disk (`file:`): they cannot be transferred. */
  droppedLocalImages: number;
}

/** Dropped with their content. */
const REMOVE = new Set(['style', 'meta', 'link', 'xml', 'title', 'script', 'template', 'noscript', 'head']);
/** Replaced by their content. */
const UNWRAP = new Set(['font', 'span', 'o:smarttagtype', 'w:sdt', 'w:sdtpr', 'center']);
/** Comments whose range (up to `[endif]`) holds what a browser of Word's should not show. */
const HIDDEN_RANGES = /^\[if !(?:supportLists|supportMisalignedColumns)\]/;
const KEEP_STYLES = ['color', 'background-color', 'font-family', 'font-size'];
const BLOCK_STYLES_CLEAN = ['text-align'];
const BLOCK_STYLES_KEEP = ['text-align', 'line-height'];
const CELL_STYLES = ['background-color', 'text-align', 'vertical-align'];

function declarations(style: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!style) return out;
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim();
    if (name && value) out.set(name, value);
  }
  return out;
}

function serialize(styles: Map<string, string>, keep: readonly string[]): string {
  return keep
    .filter((name) => styles.has(name))
    .map((name) => `${name}: ${styles.get(name) ?? ''}`)
    .join('; ');
}

/** Puts the element's children into a new `tag` inside it (a span's style becomes a mark). */
function wrapChildren(el: Element, tag: string): void {
  const wrapper = el.ownerDocument.createElement(tag);
  while (el.firstChild) wrapper.append(el.firstChild);
  el.append(wrapper);
}

function unwrap(el: Element): void {
  el.replaceWith(...Array.from(el.childNodes));
}

function rename(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag);
  for (const attr of Array.from(el.attributes)) next.setAttribute(attr.name, attr.value);
  while (el.firstChild) next.append(el.firstChild);
  el.replaceWith(next);
  return next;
}

/** Removes Word's hidden ranges (list markers, width helper rows) and every comment; returns the markers. */
function removeComments(root: Element): Map<Element, string> {
  const markers = new Map<Element, string>();
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Comment[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node as Comment);
  for (const comment of comments) {
    if (!comment.parentNode) continue;
    if (HIDDEN_RANGES.test(comment.data.trim())) {
      let text = '';
      let next = comment.nextSibling;
      while (next && !(next.nodeType === 8 && /^\[endif\]/.test((next as Comment).data.trim()))) {
        const after = next.nextSibling;
        text += next.textContent ?? '';
        next.remove();
        next = after;
      }
      const holder = comment.parentElement?.closest('p, li, h1, h2, h3, h4, h5, h6') ?? comment.parentElement;
      if (holder && comment.data.includes('supportLists')) markers.set(holder, (markers.get(holder) ?? '') + text);
    }
    comment.remove();
  }
  return markers;
}

interface Context {
  mode: CleanMode;
  source: PasteSource;
  dropped: number;
}

const BOLD = /^(?:bold|bolder|[6-9]00)$/i;

/** Turns the formatting a span's style carries into tags (bold, italic, underline, strike, sup, sub). */
function marksFromStyle(el: Element, styles: Map<string, string>): void {
  const tag = el.tagName.toLowerCase();
  const weight = styles.get('font-weight');
  if (weight && BOLD.test(weight) && tag !== 'b' && tag !== 'strong') wrapChildren(el, 'strong');
  const italic = styles.get('font-style');
  if (italic && /italic|oblique/i.test(italic) && tag !== 'i' && tag !== 'em') wrapChildren(el, 'em');
  const decoration = `${styles.get('text-decoration') ?? ''} ${styles.get('text-decoration-line') ?? ''}`;
  // A link's own underline is the link's look, not a mark.
  if (/underline/i.test(decoration) && tag !== 'u' && !el.closest('a')) wrapChildren(el, 'u');
  if (/line-through/i.test(decoration) && tag !== 's' && tag !== 'strike') wrapChildren(el, 's');
  const vertical = styles.get('vertical-align');
  if (vertical === 'super' && tag !== 'sup') wrapChildren(el, 'sup');
  if (vertical === 'sub' && tag !== 'sub') wrapChildren(el, 'sub');
}

/** Word's highlight and shorthand background as `background-color`. */
function backgroundOf(styles: Map<string, string>): string | undefined {
  const highlight = styles.get('mso-highlight');
  if (highlight) return highlight;
  const background = styles.get('background-color') ?? styles.get('background');
  if (!background || /^(?:transparent|none|initial|inherit|white|#fff(?:fff)?)$/i.test(background)) return undefined;
  // `background: #CCCCCC` or `background: yellow`; anything with url(…) or several values is dropped.
  return /^(?:#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%/]+\))$/i.test(background) ? background : undefined;
}

const IMAGE_SRC = /^(?:https?:|data:image\/)/i;

function cleanElement(el: Element, ctx: Context): void {
  // tagName: some DOMs split `o:p` into a prefix and a local name.
  const tag = el.tagName.toLowerCase();
  if (REMOVE.has(tag)) {
    el.remove();
    return;
  }
  if (tag.includes(':')) {
    // Smart tags (st1:place…) and content controls wrap text; the rest (o:p, v:shape, w:…, m:…) is markup.
    if (/^st\d+:/.test(tag) || UNWRAP.has(tag)) unwrap(el);
    else el.remove();
    return;
  }
  const styles = declarations(el.getAttribute('style'));
  if (tag === 'br' && el.classList.contains('Apple-interchange-newline')) {
    el.remove();
    return;
  }
  if (tag === 'img') {
    const src = el.getAttribute('src') ?? '';
    if (!IMAGE_SRC.test(src)) {
      if (/^file:/i.test(src)) ctx.dropped++;
      el.remove();
      return;
    }
    for (const attr of Array.from(el.attributes)) {
      if (!['src', 'alt', 'width', 'height'].includes(attr.name)) el.removeAttribute(attr.name);
    }
    return;
  }
  // Google's bold wrapper (`font-weight:normal`) and Word's bold or italic set back to normal are no marks.
  if ((tag === 'b' || tag === 'strong') && /^(?:normal|400)$/.test(styles.get('font-weight') ?? '')) {
    unwrap(el);
    return;
  }
  if ((tag === 'i' || tag === 'em') && styles.get('font-style') === 'normal') {
    unwrap(el);
    return;
  }
  if (tag === 'span' || tag === 'font') marksFromStyle(el, styles);
  if (tag === 'a') {
    const href = el.getAttribute('href');
    // Bookmarks and footnote links point inside the Word document: their text stays, the anchor goes.
    if (!href || href.startsWith('#')) {
      unwrap(el);
      return;
    }
  }
  if (tag === 'li') {
    // Google puts the list type on the items; the model reads it from the list.
    const type = styles.get('list-style-type');
    const list = el.parentElement;
    if (type && list && (list.localName === 'ol' || list.localName === 'ul') && !list.getAttribute('style')) {
      list.setAttribute('style', `list-style-type: ${type}`);
    }
  }
  if (tag === 'tr' && !el.querySelector('td, th')) {
    el.remove();
    return;
  }

  // What stays of the attributes.
  let kept = '';
  if (tag === 'span' || tag === 'font') {
    if (ctx.mode === 'keep') {
      if (tag === 'font') {
        const color = el.getAttribute('color');
        const face = el.getAttribute('face');
        if (color) styles.set('color', color);
        if (face) styles.set('font-family', face);
      }
      const background = backgroundOf(styles);
      if (background) styles.set('background-color', background);
      else styles.delete('background-color');
      kept = serialize(styles, KEEP_STYLES);
    }
  } else if (/^(?:p|h[1-6]|div|blockquote)$/.test(tag)) {
    const align = el.getAttribute('align');
    if (align && !styles.has('text-align')) styles.set('text-align', align.toLowerCase());
    kept = serialize(styles, ctx.mode === 'keep' ? BLOCK_STYLES_KEEP : BLOCK_STYLES_CLEAN);
  } else if (tag === 'td' || tag === 'th') {
    const background = backgroundOf(styles) ?? el.getAttribute('bgcolor') ?? undefined;
    if (background) styles.set('background-color', background);
    else styles.delete('background-color');
    const align = el.getAttribute('align');
    if (align && !styles.has('text-align')) styles.set('text-align', align.toLowerCase());
    const valign = el.getAttribute('valign');
    if (valign && !styles.has('vertical-align')) styles.set('vertical-align', valign.toLowerCase());
    kept = serialize(styles, CELL_STYLES);
  } else if (tag === 'ol' || tag === 'ul') {
    kept = serialize(styles, ['list-style-type']);
  }
  const keepAttrs =
    tag === 'a'
      ? ['href', 'title']
      : tag === 'td' || tag === 'th'
        ? ['colspan', 'rowspan']
        : tag === 'ol'
          ? ['start', 'type']
          : [];
  for (const attr of Array.from(el.attributes)) {
    if (!keepAttrs.includes(attr.name)) el.removeAttribute(attr.name);
  }
  if (kept) el.setAttribute('style', kept);
  if (tag === 'ol' && el.getAttribute('type') === '1') el.removeAttribute('type');
  if (tag === 'h5' || tag === 'h6') {
    // The editor offers four heading levels: deeper headings become the deepest one.
    rename(el, 'h4');
    return;
  }
  if ((tag === 'span' || tag === 'font' || tag === 'center') && el.attributes.length === 0) unwrap(el);
}

/** A nested list written as the sibling after an item (Word's and Google's markup) goes into that item. */
function attachStrayLists(root: Element): void {
  for (const list of Array.from(root.querySelectorAll('ol > ol, ol > ul, ul > ol, ul > ul'))) {
    const previous = list.previousElementSibling;
    if (previous?.localName === 'li') previous.append(list);
  }
}

/**
 * Cleans office clipboard HTML. `source` from `detectPasteSource`; `other` is returned as it is. Google Docs
 * and LibreOffice are always cleaned (`mode` applies to Word).
 */
export function cleanPastedHtml(html: string, source: PasteSource, mode: CleanMode): CleanResult {
  if (source === 'other') return { html, droppedLocalImages: 0 };
  // A Windows clipboard may hold bytes after the document (CF_HTML padding, control characters).
  const end = html.toLowerCase().lastIndexOf('</html>');
  const trimmed = (end >= 0 ? html.slice(0, end + 7) : html).replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFD]/g,
    '',
  );
  const doc = new DOMParser().parseFromString(trimmed, 'text/html');
  const body = doc.body;
  const ctx: Context = { mode: source === 'word' ? mode : 'clean', source, dropped: 0 };
  const defs = source === 'word' ? readListDefinitions(doc) : new Map();
  const markers = removeComments(body);

  // Word list paragraphs, read before their styles go.
  const items = new Map<Element, WordListItem>();
  if (source === 'word') {
    for (const el of Array.from(body.querySelectorAll('p[style*="mso-list"], h1[style*="mso-list"]'))) {
      const item = listItemOf(el.getAttribute('style'));
      if (!item) continue;
      let marker = markers.get(el) ?? '';
      // Markers Word left without the conditional comments (Chrome keeps only the mso-list:Ignore span).
      for (const span of Array.from(
        el.querySelectorAll('span[style*="mso-list:Ignore"], span[style*="mso-list: Ignore"]'),
      )) {
        marker += span.textContent ?? '';
        span.remove();
      }
      if (el.localName === 'p') items.set(el, { ...item, marker: marker.trim() });
    }
  }

  for (const el of Array.from(body.querySelectorAll('*'))) {
    // Skip elements a removed ancestor took with it.
    if (el.isConnected) cleanElement(el, ctx);
  }

  if (items.size > 0) {
    const counters = new Map<string, number>();
    const containers = new Set<Element>();
    for (const el of items.keys()) if (el.parentElement) containers.add(el.parentElement);
    for (const container of containers) buildLists(container, items, defs, counters);
  }
  attachStrayLists(body);
  return { html: body.innerHTML, droppedLocalImages: ctx.dropped };
}
