/** Linking elements between the parts of a German compound: Arbeit·s·zimmer, Sonne·n·schein, Kind·er·garten. */
const LINKS = ['', 's', 'es', 'n', 'en', 'er', 'e'];
/** Shortest part taken for a word of its own (shorter ones would let typos through as "compounds"). */
const MIN_PART = 3;
/** Most parts looked for (Donau·dampf·schiff·fahrt has four). */
const MAX_PARTS = 4;

const capitalized = (part: string): string => part.charAt(0).toUpperCase() + part.slice(1);

/**
 * Whether `word` is a compound of known words, for dictionaries whose compound rules nspell does not apply
 * (German's COMPOUNDBEGIN/MIDDLE/END flags): every part is a word of the dictionary (nouns inside a compound
 * are written small, so a part counts capitalised too), joined directly or by a linking element.
 */
export function isCompound(word: string, known: (word: string) => boolean): boolean {
  const memo = new Map<string, boolean>();
  const part = (text: string): boolean => known(text) || known(capitalized(text)) || known(text.toLowerCase());
  // `rest` is the end of the word starting at a part boundary; `parts` counts the parts found before it.
  const split = (rest: string, parts: number): boolean => {
    const key = `${parts}:${rest}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let found = false;
    if (parts > 0 && rest.length >= MIN_PART && part(rest)) found = true;
    for (let end = MIN_PART; !found && parts + 1 < MAX_PARTS && end <= rest.length - MIN_PART; end++) {
      const head = rest.slice(0, end);
      for (const link of LINKS) {
        if (link && !head.endsWith(link)) continue;
        const stem = head.slice(0, head.length - link.length);
        if (stem.length >= MIN_PART && part(stem) && split(rest.slice(end), parts + 1)) {
          found = true;
          break;
        }
      }
    }
    memo.set(key, found);
    return found;
  };
  return word.length >= MIN_PART * 2 && split(word, 0);
}

/** Whether a dictionary's affix file declares German-style compound rules (English has only number rules, which nspell applies). */
export const hasCompoundRules = (aff: string): boolean => /^COMPOUND(BEGIN|FLAG)\b/m.test(aff);
