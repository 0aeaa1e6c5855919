import type { CompactEmoji, ShortcodesDataset } from 'emojibase';
import { emojiCategories, emojiCategoryIds, type Emoji, type EmojiCategory, type EmojiData } from './emoji-types';

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
