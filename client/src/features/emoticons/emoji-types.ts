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
