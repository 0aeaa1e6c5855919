import dictionaryDe from 'dictionary-de';
import dictionaryEn from 'dictionary-en';
import nspell from 'nspell';
import { describe, expect, it } from 'vitest';
import { hasCompoundRules, isCompound } from './compound';

describe('German compounds (nspell does not apply the dictionary’s compound rules)', () => {
  const spell = nspell(Buffer.from(dictionaryDe.aff).toString('utf8'), Buffer.from(dictionaryDe.dic).toString('utf8'));
  const correct = (word: string): boolean => spell.correct(word) || isCompound(word, (w) => spell.correct(w));

  it('accepts compounds of known words, joined directly or by a linking element', () => {
    for (const word of ['Donaudampfschifffahrt', 'Haustürschlüssel', 'Arbeitszimmerlampe', 'Sonnenscheindauer'])
      expect(correct(word), word).toBe(true);
  });

  it('still refuses misspelt words and misspelt parts', () => {
    for (const word of ['Haustürschlüsel', 'Donaudampfschifffarht', 'Gröse', 'Übbung'])
      expect(correct(word), word).toBe(false);
  });

  it('knows umlauts and plain words', () => {
    for (const word of ['Größe', 'Übung', 'schön']) expect(correct(word), word).toBe(true);
  });

  it('is used for dictionaries with compound rules only', () => {
    expect(hasCompoundRules(Buffer.from(dictionaryDe.aff).toString('utf8'))).toBe(true);
    expect(hasCompoundRules(Buffer.from(dictionaryEn.aff).toString('utf8'))).toBe(false);
  });
});
