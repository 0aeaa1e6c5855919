/**
 * Names of characters in the UI's language, for tooltips and accessible names: CLDR's annotations
 * (the `tts` name, from cldr-annotations-full, loaded on demand) where CLDR names the character, else a
 * name composed from the Unicode decomposition with translated parts (letters with diacritics, Greek and
 * Cyrillic letters), else our own translations of the remaining symbols, else the character itself.
 */
export type NameLanguage = 'en' | 'de';
export type CharacterNames = (char: string, unicodeName?: string) => string;

interface CldrAnnotations {
  annotations: { annotations: Record<string, { tts?: string[] } | undefined> };
}

const cldr: Record<NameLanguage, () => Promise<{ default: CldrAnnotations }>> = {
  en: () => import('cldr-annotations-full/annotations/en/annotations.json'),
  de: () => import('cldr-annotations-full/annotations/de/annotations.json'),
};

const GERMAN_MARKS: Record<string, string> = {
  '\u0300': 'Gravis',
  '\u0301': 'Akut',
  '\u0302': 'Zirkumflex',
  '\u0303': 'Tilde',
  '\u0304': 'Makron',
  '\u0306': 'Brevis',
  '\u0307': 'Punkt',
  '\u0308': 'Trema',
  '\u030A': 'Ring',
  '\u030B': 'Doppelakut',
  '\u030C': 'Hatschek',
  '\u0327': 'Cedille',
  '\u0328': 'Ogonek',
};

const GERMAN_LETTERS: Record<string, string> = {
  Æ: 'Großbuchstabe Æ (A-E-Ligatur)',
  æ: 'Kleinbuchstabe æ (a-e-Ligatur)',
  Ð: 'Großbuchstabe Eth',
  ð: 'Kleinbuchstabe eth',
  Ø: 'Großbuchstabe O mit Schrägstrich',
  ø: 'Kleinbuchstabe o mit Schrägstrich',
  Þ: 'Großbuchstabe Thorn',
  þ: 'Kleinbuchstabe thorn',
  ß: 'Eszett',
  ẞ: 'Großes Eszett',
  Œ: 'Großbuchstabe OE-Ligatur',
  œ: 'Kleinbuchstabe oe-Ligatur',
  Ł: 'Großbuchstabe L mit Querstrich',
  ł: 'Kleinbuchstabe l mit Querstrich',
  ƒ: 'Kleinbuchstabe f mit Haken (Florin)',
};

// Α…Ω and α…ω share these names; ς is the final sigma.
const GREEK = [
  'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta', 'Iota', 'Kappa', 'Lambda', 'My',
  'Ny', 'Xi', 'Omikron', 'Pi', 'Rho', 'Schluss-Sigma', 'Sigma', 'Tau', 'Ypsilon', 'Phi', 'Chi', 'Psi', 'Omega',
]; // prettier-ignore

// А…Я in alphabetical order (Ё is outside the block).
const CYRILLIC = [
  'A', 'Be', 'We', 'Ge', 'De', 'Je', 'Sche', 'Se', 'I', 'kurzes I', 'Ka', 'El', 'Em', 'En', 'O', 'Pe', 'Er',
  'Es', 'Te', 'U', 'Ef', 'Cha', 'Ze', 'Tsche', 'Scha', 'Schtscha', 'Hartes Zeichen', 'Jery', 'Weiches Zeichen',
  'E', 'Ju', 'Ja',
]; // prettier-ignore

/** Symbols CLDR does not name, in our own German. */
const GERMAN_SYMBOLS: Record<string, string> = {
  '‹': 'Einfaches Anführungszeichen links (Chevron)',
  '›': 'Einfaches Anführungszeichen rechts (Chevron)',
  '"': 'Anführungszeichen',
  '‣': 'Dreieckiger Aufzählungspunkt',
  '‱': 'Promyriade',
  '⁇': 'Doppeltes Fragezeichen',
  '⁈': 'Frage- und Ausrufezeichen',
  '⸮': 'Umgekehrtes Fragezeichen',
  '¦': 'Unterbrochener Strich',
  '‖': 'Doppelter senkrechter Strich',
  '¤': 'Allgemeines Währungszeichen',
  '₠': 'ECU-Zeichen',
  '₡': 'Colón-Zeichen',
  '₦': 'Naira-Zeichen',
  '₧': 'Peseta-Zeichen',
  '₪': 'Schekel-Zeichen',
  '₫': 'Dong-Zeichen',
  '₭': 'Kip-Zeichen',
  '₮': 'Tögrög-Zeichen',
  '₯': 'Drachme-Zeichen',
  '₲': 'Guaraní-Zeichen',
  '₴': 'Hrywnja-Zeichen',
  '₵': 'Cedi-Zeichen',
  '₸': 'Tenge-Zeichen',
  '₺': 'Türkische-Lira-Zeichen',
  '₻': 'Nordische Mark',
  '₼': 'Manat-Zeichen',
  '₾': 'Lari-Zeichen',
  '৳': 'Taka-Zeichen',
  '฿': 'Baht-Zeichen',
  '⇕': 'Doppelpfeil nach oben und unten',
  '➔': 'Breiter Pfeil nach rechts',
  '➜': 'Runder Pfeil nach rechts',
  '➝': 'Dreiecksspitzen-Pfeil nach rechts',
  '➞': 'Fetter Dreiecksspitzen-Pfeil nach rechts',
  '∛': 'Kubikwurzel',
  '∄': 'Es existiert nicht',
  '⊄': 'Keine Teilmenge von',
  '∨': 'Logisches Oder',
  '¼': 'Bruch ein Viertel',
  '½': 'Bruch ein Halb',
  '¾': 'Bruch drei Viertel',
  '⅓': 'Bruch ein Drittel',
  '⅔': 'Bruch zwei Drittel',
  '⅛': 'Bruch ein Achtel',
  ℕ: 'Natürliche Zahlen',
  ℤ: 'Ganze Zahlen',
  ℚ: 'Rationale Zahlen',
  ℝ: 'Reelle Zahlen',
  ℂ: 'Komplexe Zahlen',
  '℠': 'Dienstleistungsmarke',
  '№': 'Nummernzeichen',
  '℮': 'Geschätzt-Zeichen',
  '☐': 'Leeres Kästchen',
  '☒': 'Angekreuztes Kästchen',
  '✓': 'Häkchen',
  '✗': 'Kreuz',
  '✘': 'Fettes Kreuz',
  '★': 'Schwarzer Stern',
  '☆': 'Weißer Stern',
  '♡': 'Weißes Herz (Spielkarte)',
  '♢': 'Weißes Karo (Spielkarte)',
  '♤': 'Weißes Pik (Spielkarte)',
  '♧': 'Weißes Kreuz (Spielkarte)',
  '♫': 'Zwei Achtelnoten',
  '⌘': 'Befehlstaste',
  '⌥': 'Wahltaste',
  '⌫': 'Rückschritttaste',
  '⏎': 'Eingabetaste',
  '✎': 'Bleistift',
};

const capitalise = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** A German name built from the character's parts, or null when it has none we know. */
export function composeGermanName(char: string): string | null {
  const letter = GERMAN_LETTERS[char];
  if (letter) return letter;
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x391 && code <= 0x3a9) return `Griechischer Großbuchstabe ${GREEK[code - 0x391] ?? ''}`;
  if (code >= 0x3b1 && code <= 0x3c9) return `Griechischer Kleinbuchstabe ${GREEK[code - 0x3b1] ?? ''}`;
  if (char === 'Ё') return 'Kyrillischer Großbuchstabe Jo';
  if (char === 'ё') return 'Kyrillischer Kleinbuchstabe jo';
  if (code >= 0x410 && code <= 0x42f) return `Kyrillischer Großbuchstabe ${CYRILLIC[code - 0x410] ?? ''}`;
  if (code >= 0x430 && code <= 0x44f) return `Kyrillischer Kleinbuchstabe ${CYRILLIC[code - 0x430] ?? ''}`;
  const [base = '', ...marks] = Array.from(char.normalize('NFD'));
  if (!/^[A-Za-z]$/.test(base) || marks.length === 0) return null;
  const parts = marks.map((m) => GERMAN_MARKS[m]);
  if (parts.some((p) => p === undefined)) return null;
  const kind = base === base.toUpperCase() ? 'Großbuchstabe' : 'Kleinbuchstabe';
  return `${kind} ${base} mit ${parts.join(' und ')}`;
}

/** Names from loaded CLDR data (pure, for tests); `unicodeName` is the English fallback. */
export function namesFrom(language: NameLanguage, data: CldrAnnotations): CharacterNames {
  const table = data.annotations.annotations;
  return (char, unicodeName) => {
    const tts = table[char]?.tts?.[0];
    if (tts) return capitalise(tts);
    if (language === 'de') return composeGermanName(char) ?? GERMAN_SYMBOLS[char] ?? char;
    return unicodeName ? capitalise(unicodeName.toLowerCase()) : char;
  };
}

// A cache of the immutable names per language, the same for every editor on the page.
const cache = new Map<NameLanguage, Promise<CharacterNames>>();

/** Loads the language's names once, when a picker first opens in it (the data stays out of the initial bundle). */
export function loadCharacterNames(language: NameLanguage): Promise<CharacterNames> {
  let names = cache.get(language);
  if (!names) {
    names = cldr[language]().then(
      (module) => namesFrom(language, module.default),
      (error: unknown) => {
        cache.delete(language);
        throw error;
      },
    );
    cache.set(language, names);
  }
  return names;
}
