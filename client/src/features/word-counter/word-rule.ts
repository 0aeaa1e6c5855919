import type { CounterRule } from '../char-counter';

/**
 * Froala's word limit: at the maximum nothing may start a new word (a character after a space,
 * a space or Enter inside a word), while continuing the last word and trailing spaces still work;
 * above the maximum (reached through others' edits) no text and no new block may be added.
 */
export function wordLimitRule(max: number): CounterRule {
  return (before, after, tr) => {
    if (after.words > before.words && after.words > max) return true;
    return before.words > max && (after.chars > before.chars || tr.doc.content.size > tr.before.content.size);
  };
}
