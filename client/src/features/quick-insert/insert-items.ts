import type { Capability, InsertItem } from '../../editor/core/capability';

/** Every capability's insert items, in registry order (the first item with an id wins). */
export function collectInsertItems(capabilities: readonly Capability[]): InsertItem[] {
  const seen = new Set<string>();
  const items: InsertItem[] = [];
  for (const capability of capabilities) {
    for (const item of capability.insertItems ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Lower case without accents, so "einfugen" finds "Einfügen". */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** 0 = the label starts with the query, 1 = a word starts with it, 2 = it occurs somewhere, -1 = no match. */
function rank(words: string[], query: string): number {
  let best = -1;
  words.forEach((raw, index) => {
    const word = normalize(raw);
    const at = word.indexOf(query);
    if (at < 0) return;
    const score = at === 0 ? (index === 0 ? 0 : 1) : /\s/.test(word.charAt(at - 1)) ? 1 : 2;
    if (best < 0 || score < best) best = score;
  });
  return best;
}

/**
 * The items whose translated label or keywords contain the query, best matches first (the registry
 * order is kept among equal matches). An empty query returns every item.
 */
export function filterInsertItems(
  items: readonly InsertItem[],
  query: string,
  translate: (key: string) => string,
): InsertItem[] {
  const q = normalize(query);
  if (!q) return [...items];
  return items
    .map((item, index) => ({ item, index, score: rank([translate(item.labelKey), ...item.keywords, item.id], q) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.item);
}
