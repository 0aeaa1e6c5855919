import { find } from 'linkifyjs';
import type { PasteRuleMatch } from '@tiptap/core';
import type { MarkType } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { normalizeLinkUrl } from '@shared/document/model/link-url';

// URL and e-mail detection for autolinking, with linkify (the full TLD list): a chunk of its own, fetched
// when the author first finishes a word or pastes, or when the page is idle (link-linkify.ts).

/** Longest word the autolinker looks at (bounds the work per keystroke). */
const MAX_WORD = 2048;
const OPENERS = /^[([{<"'«„“‘]*$/;
const CLOSERS = /^[.,;:!?)\]}>"'»“”’]*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?:[:/?#]|$)/;

interface Detected {
  /** Offsets of the link inside the examined text. */
  start: number;
  end: number;
  href: string;
}

/**
 * The `href` of a URL or e-mail address linkify found, or `null` when it must not become a link
 * (a disallowed scheme such as `ftp:`, a bare IP address or `localhost` without a scheme).
 */
function hrefOf(hit: { type: string; value: string }, prefix: string): string | null {
  if (hit.type === 'email') return `mailto:${hit.value}`;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(hit.value);
  if (!hasScheme && (!hit.value.includes('.') || IPV4.test(hit.value))) return null;
  // Scheme-less hits use the configured prefix; an empty prefix falls back to protocol-relative.
  const result = normalizeLinkUrl(hit.value, prefix || '//');
  return result.ok ? result.href : null;
}

/**
 * The link a just-finished word is, if it is one: the whole word, apart from opening brackets or
 * quotes before it and closing punctuation after it (`www.example.com.` links without the dot).
 */
export function detectLink(word: string, prefix: string): Detected | null {
  if (!word || word.length > MAX_WORD) return null;
  const hits = find(word);
  const hit = hits.length === 1 ? hits[0] : undefined;
  if (!hit?.isLink) return null;
  if (!OPENERS.test(word.slice(0, hit.start)) || !CLOSERS.test(word.slice(hit.end))) return null;
  const href = hrefOf(hit, prefix);
  return href ? { start: hit.start, end: hit.end, href } : null;
}

/** Every link in pasted plain text (any valid domain: linkify knows the full TLD list). */
export function findLinks(text: string, prefix: string): PasteRuleMatch[] {
  return find(text).flatMap((hit) => {
    const href = hit.isLink ? hrefOf(hit, prefix) : null;
    return href ? [{ index: hit.start, text: hit.value, data: { href } }] : [];
  });
}

/** Links the word ending at `pos` (apart from brackets and closing punctuation), unless in code or linked. */
export function linkWordBefore(tr: Transaction, pos: number, type: MarkType, prefix: string): void {
  const { doc } = tr;
  const $pos = doc.resolve(pos);
  const parent = $pos.parent;
  if (!parent.isTextblock || parent.type.spec.code) return;
  const offset = $pos.parentOffset;
  const before = parent.textBetween(Math.max(0, offset - MAX_WORD), offset, undefined, '\ufffc');
  const word = /\S+$/.exec(before)?.[0];
  if (!word) return;
  const found = detectLink(word, prefix);
  if (found) linkRange(tr, pos - word.length + found.start, pos - word.length + found.end, found.href, type);
}

function linkRange(tr: Transaction, from: number, to: number, href: string, type: MarkType): void {
  if (tr.doc.rangeHasMark(from, to, type)) return;
  const code = tr.doc.type.schema.marks.code;
  if (code && tr.doc.rangeHasMark(from, to, code)) return;
  tr.addMark(from, to, type.create({ href }));
}

/** Links the URLs of the text between `from` and `to` (a paste), as the paste rule does. */
export function linkPasted(tr: Transaction, from: number, to: number, type: MarkType, prefix: string): void {
  tr.doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    if (node.type.spec.code) return false;
    // One character per text character and per inline leaf: offsets in the text are offsets in the block.
    const text = node.textBetween(0, node.content.size, undefined, '\ufffc');
    for (const match of findLinks(text, prefix)) {
      const start = pos + 1 + (match.index ?? 0);
      const end = start + match.text.length;
      const href: unknown = match.data?.href;
      if (start >= from && end <= to && typeof href === 'string') linkRange(tr, start, end, href, type);
    }
    return false;
  });
}
