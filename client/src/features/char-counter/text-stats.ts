import type { Node as PMNode } from '@tiptap/pm/model';

/** What the counters show: characters (text without zero-width spaces) and words. */
export interface TextStats {
  chars: number;
  words: number;
}

/**
 * A node's counts plus what word merging with its neighbours needs: inline pieces (text with
 * different marks) join into one word when one ends and the next starts with a non-space.
 */
interface Summary extends TextStats {
  /** First / last character is part of a word. */
  startsInWord: boolean;
  endsInWord: boolean;
  /** Separates words (a block, a hard break) rather than being transparent (an image). */
  separator: boolean;
}

/** Whitespace as JavaScript's `\s` sees it (NBSP and the other Unicode spaces included). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Zero-width spaces (editing artefacts) are neither counted nor split words. */
const isZeroWidth = (c: number): boolean => c === 0x200b || c === 0xfeff;

const transparent: Summary = { chars: 0, words: 0, startsInWord: false, endsInWord: false, separator: false };
const breakSummary: Summary = { chars: 0, words: 0, startsInWord: false, endsInWord: false, separator: true };

// Documents are persistent trees: an edit creates new nodes only along the changed path, so a
// summary per node object makes a recount touch just that path (an immutable cache keyed by identity).
const summaries = new WeakMap<PMNode, Summary>();

// One pass without allocations: this runs over every text node once when a document is opened.
function textSummary(text: string): Summary {
  let chars = 0;
  let words = 0;
  let inWord = false;
  let startsInWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (isZeroWidth(c)) continue;
    const space = isSpace(c);
    if (chars === 0) startsInWord = !space;
    chars += 1;
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  if (chars === 0) return transparent;
  return { chars, words, startsInWord, endsInWord: inWord, separator: false };
}

/** Joins two neighbouring inline summaries. */
function join(a: Summary, b: Summary): Summary {
  if (a.chars === 0 && !a.separator) return b;
  if (b.chars === 0 && !b.separator) return a;
  return {
    chars: a.chars + b.chars,
    words: a.words + b.words - (a.endsInWord && b.startsInWord ? 1 : 0),
    startsInWord: a.startsInWord,
    endsInWord: b.endsInWord,
    separator: false,
  };
}

function summarize(node: PMNode): Summary {
  const cached = summaries.get(node);
  if (cached) return cached;
  let summary: Summary;
  if (node.isText) summary = textSummary(node.text ?? '');
  else if (node.isLeaf) summary = node.isBlock || node.type.name === 'hardBreak' ? breakSummary : transparent;
  else if (node.inlineContent) {
    let inline = transparent;
    node.forEach((child) => {
      inline = join(inline, summarize(child));
    });
    summary = { chars: inline.chars, words: inline.words, startsInWord: false, endsInWord: false, separator: true };
  } else {
    // Block children are separated from each other, so their counts simply add up.
    let chars = 0;
    let words = 0;
    node.forEach((child) => {
      const s = summarize(child);
      chars += s.chars;
      words += s.words;
    });
    summary = { chars, words, startsInWord: false, endsInWord: false, separator: true };
  }
  summaries.set(node, summary);
  return summary;
}

/**
 * Counts of a document. With the previous version of the document (already counted), only the
 * top-level children that changed are recounted: unchanged ones are the same objects, found by a
 * reference comparison from both ends.
 */
export function textStats(doc: PMNode, previous?: PMNode): TextStats {
  const cached = summaries.get(doc);
  if (cached) return { chars: cached.chars, words: cached.words };
  const base = previous ? summaries.get(previous) : undefined;
  if (!previous || !base || doc.inlineContent || previous.inlineContent) {
    const s = summarize(doc);
    return { chars: s.chars, words: s.words };
  }
  const a = previous.content;
  const b = doc.content;
  let start = 0;
  while (start < a.childCount && start < b.childCount && a.child(start) === b.child(start)) start += 1;
  let endA = a.childCount;
  let endB = b.childCount;
  while (endA > start && endB > start && a.child(endA - 1) === b.child(endB - 1)) {
    endA -= 1;
    endB -= 1;
  }
  let chars = base.chars;
  let words = base.words;
  for (let i = start; i < endA; i += 1) {
    const s = summarize(a.child(i));
    chars -= s.chars;
    words -= s.words;
  }
  for (let i = start; i < endB; i += 1) {
    const s = summarize(b.child(i));
    chars += s.chars;
    words += s.words;
  }
  summaries.set(doc, { chars, words, startsInWord: false, endsInWord: false, separator: true });
  return { chars, words };
}
