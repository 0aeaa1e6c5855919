import type { CompactEmoji } from 'emojibase';

export { emojiCategories, emojiCategoryIds, type Emoji, type EmojiCategory, type EmojiData } from './emoji-types';
import type { Emoji, EmojiData } from './emoji-types';

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
      // Not needed before the data is: it comes with it, out of the first load.
      import('./emoji-build'),
    ]).then(
      ([emojis, github, emojibase, { buildEmojiData }]) => {
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
