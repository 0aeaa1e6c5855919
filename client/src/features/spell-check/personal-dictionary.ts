import type { DocumentLang } from '@shared/document/yjs/ydoc-lang';

/** How many words "Add to dictionary" keeps per language in this browser (oldest dropped first). */
export const PERSONAL_WORDS_MAX = 500;
const keyOf = (lang: DocumentLang): string => `tandem.spell.words.${lang}`;

/** The words this browser added to its dictionary for `lang`. */
export function readPersonalWords(lang: DocumentLang, storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(lang)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const words = parsed.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64);
    return [...new Set(words)].slice(-PERSONAL_WORDS_MAX);
  } catch {
    return [];
  }
}

/** Adds a word (kept once, newest last, at most `PERSONAL_WORDS_MAX`); returns the new list. */
export function addPersonalWord(lang: DocumentLang, word: string, storage: Storage = localStorage): string[] {
  if (word.length === 0 || word.length > 64) return readPersonalWords(lang, storage);
  const next = [...readPersonalWords(lang, storage).filter((w) => w !== word), word].slice(-PERSONAL_WORDS_MAX);
  try {
    storage.setItem(keyOf(lang), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the word is accepted for this page only.
  }
  return next;
}
