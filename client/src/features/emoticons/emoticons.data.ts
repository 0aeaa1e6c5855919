import type { CompactEmoji, ShortcodesDataset } from 'emojibase';

/** The picker's tabs, in Froala's order, with the emojibase groups each one shows. */
export const emojiCategories = {
  smileysPeople: [0, 1],
  animalsNature: [3],
  foodDrink: [4],
  activities: [6],
  travelPlaces: [5],
  objects: [7],
  symbols: [8],
  flags: [9],
} as const satisfies Record<string, readonly number[]>;
export type EmojiCategory = keyof typeof emojiCategories;
export const emojiCategoryIds = Object.keys(emojiCategories) as EmojiCategory[];

export interface Emoji {
  char: string;
  /** Name in the UI's language ("Grinning face", "Grinsendes Gesicht"): tooltip and accessible name. */
  label: string;
  shortcodes: string[];
  /** Lower-case name, shortcodes and tags, for the search field. */
  terms: string;
}

export interface EmojiData {
  byCategory: Record<EmojiCategory, Emoji[]>;
  all: Emoji[];
  /** `smile` → 😄 (GitHub's shortcodes first, then emojibase's). */
  shortcodes: Map<string, string>;
}

const codesOf = (dataset: ShortcodesDataset, hexcode: string): string[] => {
  const value = dataset[hexcode];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
};

/** Builds the picker's data from emojibase's datasets (pure, so it is unit-testable). */
export function buildEmojiData(emojis: readonly CompactEmoji[], datasets: readonly ShortcodesDataset[]): EmojiData {
  const groupToCategory = new Map<number, EmojiCategory>();
  for (const id of emojiCategoryIds) for (const group of emojiCategories[id]) groupToCategory.set(group, id);
  const byCategory = Object.fromEntries(emojiCategoryIds.map((id) => [id, [] as Emoji[]])) as Record<
    EmojiCategory,
    Emoji[]
  >;
  const shortcodes = new Map<string, string>();
  const sorted = [...emojis].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const all: Emoji[] = [];
  for (const e of sorted) {
    const codes = [...new Set(datasets.flatMap((d) => codesOf(d, e.hexcode)))];
    for (const code of codes) if (!shortcodes.has(code)) shortcodes.set(code, e.unicode);
    const category = e.group === undefined ? undefined : groupToCategory.get(e.group);
    if (!category) continue;
    const label = e.label.charAt(0).toUpperCase() + e.label.slice(1);
    const emoji: Emoji = {
      char: e.unicode,
      label,
      shortcodes: codes,
      terms: [e.label, ...codes, ...(e.tags ?? [])].join(' ').toLowerCase(),
    };
    byCategory[category].push(emoji);
    all.push(emoji);
  }
  return { byCategory, all, shortcodes };
}

/** Emoji whose name, shortcode or tag contains every word of the query (`:smi` works too). */
export function searchEmoji(data: EmojiData, query: string, limit = 120): Emoji[] {
  const words = query.toLowerCase().replace(/:/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: Emoji[] = [];
  for (const e of data.all) {
    if (words.every((w) => e.terms.includes(w))) hits.push(e);
    if (hits.length >= limit) break;
  }
  return hits;
}

export type EmojiLanguage = 'en' | 'de';

// Names and search tags from CLDR (through emojibase) in each UI language; shortcodes stay English.
const compactData: Record<EmojiLanguage, () => Promise<{ default: CompactEmoji[] }>> = {
  en: () => import('emojibase-data/en/compact.json'),
  de: () => import('emojibase-data/de/compact.json'),
};

// Caches of the immutable emoji data per language, the same for every editor on the page.
const loaded = new Map<EmojiLanguage, EmojiData>();
const loading = new Map<EmojiLanguage, Promise<EmojiData>>();

/** The data if it has already been loaded (no waiting on the typing path). */
export function peekEmojiData(language: EmojiLanguage = 'en'): EmojiData | undefined {
  return loaded.get(language);
}

/** Loads the emoji data once per language, on demand: ~800 kB of JSON that must stay out of the initial bundle. */
export function loadEmojiData(language: EmojiLanguage = 'en'): Promise<EmojiData> {
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([
      compactData[language](),
      import('emojibase-data/en/shortcodes/github.json'),
      import('emojibase-data/en/shortcodes/emojibase.json'),
    ]).then(
      ([emojis, github, emojibase]) => {
        const data = buildEmojiData(emojis.default, [github.default, emojibase.default]);
        loaded.set(language, data);
        return data;
      },
      (error: unknown) => {
        // Let a later attempt retry (e.g. the chunk failed to load while offline).
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
