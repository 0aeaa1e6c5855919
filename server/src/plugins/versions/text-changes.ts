import { diffChars } from 'diff';

/** How long one character diff may run on the event loop before the estimate is used. */
const DIFF_TIMEOUT_MS = 100;

export interface TextChanges {
  inserted: number;
  deleted: number;
}

/**
 * Characters inserted and deleted from `before` to `after`. The common prefix and suffix are cut first
 * (one edit in one place costs nothing more); the middle goes through jsdiff, and when that takes too
 * long, the whole middle counts as replaced.
 */
export function textChanges(before: string, after: string): TextChanges {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) {
    end++;
  }
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  if (a.length === 0 || b.length === 0) return { inserted: b.length, deleted: a.length };
  const parts = diffChars(a, b, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return { inserted: b.length, deleted: a.length };
  let inserted = 0;
  let deleted = 0;
  for (const part of parts) {
    if (part.added) inserted += part.value.length;
    else if (part.removed) deleted += part.value.length;
  }
  return { inserted, deleted };
}
