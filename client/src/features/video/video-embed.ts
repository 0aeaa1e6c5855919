import { canonicalEmbedSrc } from '@shared/document/model/video-url';

export type EmbedCodeResult =
  { ok: true; src: string; width: string | null; height: string | null } | { ok: false; error: 'VIDEO_EMBED_REJECTED' };

/** Longest embed code looked at. */
export const MAX_EMBED_CODE_CHARS = 10_000;

const REJECTED = { ok: false, error: 'VIDEO_EMBED_REJECTED' } as const;

/** Child elements and non-blank text of a node; null when it holds text (or comments) besides elements. */
function elementsOnly(parent: ParentNode & Node): Element[] | null {
  const elements: Element[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.ELEMENT_NODE) elements.push(child as Element);
    else if (child.nodeType !== Node.TEXT_NODE || (child.textContent ?? '').trim() !== '') return null;
  }
  return elements;
}

/** A size attribute of the embed (`640`, `100%`) as a node length, or null. */
function sizeAttr(value: string | null): string | null {
  const match = /^\s*(\d{1,5})(px|%)?\s*$/.exec(value ?? '');
  if (!match || Number(match[1]) <= 0) return null;
  return `${String(Number(match[1]))}${match[2] ?? 'px'}`;
}

/** The one iframe of the accepted shapes: `iframe`, `div > iframe`, each optionally followed by a script. */
function theIframe(body: HTMLElement): Element | null {
  let top = elementsOnly(body);
  if (!top) return null;
  // A trailing provider script (Froala accepts it too) is discarded, never run.
  if (top.length === 2 && top[1]?.tagName === 'SCRIPT') top = top.slice(0, 1);
  if (top.length !== 1 || !top[0]) return null;
  let element = top[0];
  if (element.tagName === 'DIV') {
    let inner = elementsOnly(element);
    if (!inner) return null;
    if (inner.length === 2 && inner[1]?.tagName === 'SCRIPT') inner = inner.slice(0, 1);
    if (inner.length !== 1 || !inner[0]) return null;
    element = inner[0];
  }
  return element.tagName === 'IFRAME' ? element : null;
}

/**
 * Accepts pasted embed code only if it is an `<iframe>` (optionally wrapped in one `<div>`, optionally
 * followed by a `<script>` that is dropped) whose `src` is https on an allowed video host and is a
 * recognised embed address; the result is the canonical address. Parsed with DOMParser into an inert
 * document, never into the live page.
 */
export function parseEmbedCode(code: string): EmbedCodeResult {
  const text = code.trim();
  if (text === '' || text.length > MAX_EMBED_CODE_CHARS) return REJECTED;
  const doc = new DOMParser().parseFromString(text, 'text/html');
  // Anything the parser hoisted into <head> (a leading script, style, meta…) is not an embed.
  if (doc.head.childNodes.length > 0) return REJECTED;
  const iframe = theIframe(doc.body);
  if (!iframe) return REJECTED;
  if (iframe.hasAttribute('srcdoc') || (iframe.textContent ?? '').trim() !== '') return REJECTED;
  const rawSrc = iframe.getAttribute('src') ?? '';
  // Whitespace or control characters inside the address refuse it (no browser-style stripping).
  if (/[\u0000-\u0020\u007f-\u009f]/.test(rawSrc)) return REJECTED;
  const src = canonicalEmbedSrc(rawSrc);
  if (!src) return REJECTED;
  return {
    ok: true,
    src,
    width: sizeAttr(iframe.getAttribute('width')),
    height: sizeAttr(iframe.getAttribute('height')),
  };
}
