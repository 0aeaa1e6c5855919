import { describe, expect, it } from 'vitest';
import de from 'cldr-annotations-full/annotations/de/annotations.json';
import en from 'cldr-annotations-full/annotations/en/annotations.json';
import { composeGermanName, namesFrom } from './character-names';
import { specialCharacterSets } from './special-characters.data';

describe('character names', () => {
  const german = namesFrom('de', de);
  const english = namesFrom('en', en);

  it('names symbols from CLDR in each language', () => {
    expect(german('€')).toBe('Euro');
    expect(german('→')).toBe('Nach rechts weisender Pfeil');
    expect(german('😀')).toBe('Grinsendes Gesicht');
    expect(english('€')).toBe('Euro');
    expect(english('😀')).toBe('Grinning face');
  });

  it('composes German names of letters from their parts', () => {
    expect(german('À')).toBe('Großbuchstabe A mit Gravis');
    expect(german('ǻ')).toBe('Kleinbuchstabe a mit Ring und Akut');
    expect(german('ß')).toBe('Eszett');
    expect(german('Ω')).toBe('Griechischer Großbuchstabe Omega');
    expect(german('ς')).toBe('Griechischer Kleinbuchstabe Schluss-Sigma');
    expect(german('Ж')).toBe('Kyrillischer Großbuchstabe Sche');
    expect(german('ё')).toBe('Kyrillischer Kleinbuchstabe jo');
    expect(composeGermanName('x')).toBeNull();
  });

  it('gives every default special character a German name that is not its English Unicode name', () => {
    for (const set of Object.values(specialCharacterSets)) {
      for (const { char, name } of set) {
        const label = german(char, name);
        expect(label, char).not.toBe(char);
        // German CLDR may name a symbol like English does ("Prime"); that is its German name then.
        const fromCldr = de.annotations.annotations[char as keyof typeof de.annotations.annotations] !== undefined;
        if (!fromCldr) expect(label.toUpperCase(), char).not.toBe(name);
      }
    }
  });

  it('falls back to the English Unicode name in English and to the character itself for an unknown one', () => {
    expect(english('Ø', 'LATIN CAPITAL LETTER O WITH STROKE')).toBe('Latin capital letter o with stroke');
    expect(german('\u{E000}')).toBe('\u{E000}');
  });
});
