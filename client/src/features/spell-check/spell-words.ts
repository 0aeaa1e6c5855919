import type { Node as PMNode } from '@tiptap/pm/model';

/** A word of a textblock and where it sits in the document. */
export interface WordAt {
  word: string;
  from: number;
  to: number;
}

const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;
// Tokens that are addresses, not prose: URLs, www. hosts, e-mail addresses.
const ADDRESS = /\S*(?:[a-z][a-z0-9+.-]*:\/\/|www\.|@)\S*/giu;
/** Marks whose text is not prose. */
const SKIPPED_MARKS = new Set(['code']);

/** The form a word is checked (and remembered) in: typographic apostrophes as plain ones. */
export const normalizeWord = (word: string): string => word.replace(/’/g, "'");

/** Blocks whose text is never checked. */
export const isSkippedBlock = (node: PMNode): boolean => node.type.spec.code === true || node.type.name === 'codeBlock';

/**
 * The words of one textblock whose content starts at `start`: text in code marks, URL-like tokens
 * (a link's address typed as its text) and non-letters are left out, as are one-letter words and
 * all-capital acronyms. A word split by formatting (`he<b>llo</b>`) is one word.
 */
export function wordsOfTextblock(block: PMNode, start: number): WordAt[] {
  if (isSkippedBlock(block)) return [];
  let text = '';
  const skipped: boolean[] = [];
  block.forEach((child) => {
    const chunk = child.isText ? (child.text ?? '') : '\uFFFC'.repeat(child.nodeSize);
    const skip = !child.isText || child.marks.some((m) => SKIPPED_MARKS.has(m.type.name));
    text += chunk;
    for (let i = 0; i < chunk.length; i++) skipped.push(skip);
  });
  for (const match of text.matchAll(ADDRESS)) {
    for (let i = match.index; i < match.index + match[0].length; i++) skipped[i] = true;
  }
  const words: WordAt[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const at = match.index;
    if (word.length < 2 || word === word.toUpperCase()) continue;
    if (skipped.slice(at, at + word.length).some(Boolean)) continue;
    if (/\d/.test(text[at - 1] ?? '') || /\d/.test(text[at + word.length] ?? '')) continue;
    words.push({ word, from: start + at, to: start + at + word.length });
  }
  return words;
}

/** The words of every textblock between `from` and `to` (whole blocks: a range never cuts a word). */
export function wordsBetween(doc: PMNode, from: number, to: number): WordAt[] {
  const words: WordAt[] = [];
  doc.nodesBetween(Math.max(0, from), Math.min(doc.content.size, to), (node, pos) => {
    if (isSkippedBlock(node)) return false;
    if (!node.isTextblock) return true;
    words.push(...wordsOfTextblock(node, pos + 1));
    return false;
  });
  return words;
}
