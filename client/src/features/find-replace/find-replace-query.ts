import type { Node as PMNode } from '@tiptap/pm/model';

/** What the author asked for in the find bar. */
export interface FindOptions {
  text: string;
  caseSensitive: boolean;
  wholeWord: boolean;
  regex: boolean;
}

/** A search ready to run, or the reason it cannot (the pattern is not a valid regular expression). */
export type Query =
  { ok: true; regex: RegExp; wholeWord: boolean; isRegex: boolean; key: string } | { ok: false; error: 'invalidRegex' };

/** One match inside a text: where it is and, for a regular expression, its groups (for `$1` in replacements). */
export interface TextMatch {
  index: number;
  length: number;
  captures: string[] | null;
  groups: Record<string, string> | null;
}

const SYNTAX = /[.*+?^${}()|[\]\\/]/g;
const WORD_BEFORE = /[\p{L}\p{N}\p{M}_]$/u;
const WORD_AFTER = /^[\p{L}\p{N}\p{M}_]/u;

/** Stands for an inline node that is not text (image, hard break), so a match never runs across it. */
export const OBJECT_CHAR = '\uFFFC';

/** The compiled search, or null when there is nothing to look for. */
export function compileQuery(options: FindOptions): Query | null {
  if (options.text === '') return null;
  const flags = options.caseSensitive ? 'gu' : 'giu';
  const key = `${options.regex ? 'r' : 't'}${options.caseSensitive ? 'c' : ''}${options.wholeWord ? 'w' : ''}:${options.text}`;
  if (!options.regex) {
    const regex = new RegExp(options.text.replace(SYNTAX, '\\$&'), flags);
    return { ok: true, regex, wholeWord: options.wholeWord, isRegex: false, key };
  }
  // Unicode mode first (case folding of ä/Ä, \p{…}); a pattern only valid in the older syntax (`[a\-z]`) still works.
  for (const f of [flags, flags.replace('u', '')]) {
    try {
      return { ok: true, regex: new RegExp(options.text, f), wholeWord: options.wholeWord, isRegex: true, key };
    } catch {
      // try the next syntax
    }
  }
  return { ok: false, error: 'invalidRegex' };
}

/** The word test of "Whole word": letters of every script (Über, Straße), digits and `_` are word characters. */
function wholeWordAt(text: string, index: number, length: number): boolean {
  const match = text.slice(index, index + length);
  const before = text.slice(Math.max(0, index - 2), index);
  const after = text.slice(index + length, index + length + 2);
  if (WORD_AFTER.test(match) && WORD_BEFORE.test(before)) return false;
  if (WORD_BEFORE.test(match) && WORD_AFTER.test(after)) return false;
  return true;
}

/** Every non-empty match of the query in `text`, left to right, not overlapping. */
export function findInText(text: string, query: Query & { ok: true }): TextMatch[] {
  const { regex } = query;
  const found: TextMatch[] = [];
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    const length = m[0].length;
    const spansObject = m[0].includes(OBJECT_CHAR);
    if (length === 0 || spansObject || (query.wholeWord && !wholeWordAt(text, m.index, length))) {
      // Empty matches (`a*`, `^`) are not shown, nor one over an image or line break (replacing it would
      // delete that); a rejected candidate may hide a match that starts inside it.
      regex.lastIndex = m.index + 1;
      continue;
    }
    found.push({
      index: m.index,
      length,
      captures: query.isRegex ? m.map((c) => c ?? '') : null,
      groups: query.isRegex && m.groups ? { ...m.groups } : null,
    });
  }
  return found;
}

/** A textblock's text with one position per character: text as is, any other inline node as OBJECT_CHAR. */
export function textblockText(node: PMNode): string {
  let text = '';
  node.forEach((child) => {
    text += child.isText ? (child.text ?? '') : OBJECT_CHAR.repeat(child.nodeSize);
  });
  return text;
}

/**
 * The text a match is replaced with. For a regular expression `$&`, `$1`…`$99`, `$<name>` and `$$` work as
 * in JavaScript's `String.replace`; otherwise the replacement is literal.
 */
export function replacementFor(replacement: string, match: Pick<TextMatch, 'captures' | 'groups'>): string {
  const { captures, groups } = match;
  if (!captures) return replacement;
  return replacement.replace(/\$(\$|&|\d{1,2}|<([^>]*)>)/g, (token: string, what: string, name?: string) => {
    if (what === '$') return '$';
    if (what === '&') return captures[0] ?? '';
    if (name !== undefined) return groups && name in groups ? (groups[name] ?? '') : token;
    // `$12` is group 12 when it exists, else group 1 followed by "2" (JavaScript's rule).
    const two = Number(what);
    if (two > 0 && two < captures.length) return captures[two] ?? '';
    const one = Number(what[0]);
    if (what.length === 2 && one > 0 && one < captures.length) return `${captures[one] ?? ''}${what[1]}`;
    return token;
  });
}
