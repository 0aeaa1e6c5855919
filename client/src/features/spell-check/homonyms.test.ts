import dictionaryDe from 'dictionary-de';
import dictionaryEn from 'dictionary-en';
import nspell from 'nspell';
import { describe, expect, it } from 'vitest';
import { keepStandaloneHomonyms } from './homonyms';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

// Building a German speller takes a second or two of CPU (more when the machine is busy): one fixed speller
// serves both tests, and they get the time that work needs.
describe('words listed twice in a dictionary (nspell merges their flags)', { timeout: 30_000 }, () => {
  const aff = text(dictionaryDe.aff);
  const dic = text(dictionaryDe.dic);
  let fixed: ReturnType<typeof nspell> | null = null;
  const fixedSpeller = () => (fixed ??= nspell(aff, keepStandaloneHomonyms(aff, dic)));

  it('accepts German words that also have a compound-only entry', () => {
    const before = nspell(aff, dic);
    expect(before.correct('gut')).toBe(false);
    const spell = fixedSpeller();
    for (const word of ['gut', 'ändern', 'abarbeiten', 'ärger', 'Ärger', 'Gut', 'Größe', 'ist'])
      expect(spell.correct(word), word).toBe(true);
  });

  it('still refuses compound-only forms, words needing an affix, and typos', () => {
    const spell = fixedSpeller();
    for (const word of ['äbte', 'ämter', 'abbau', 'gutt', 'Grösse', 'ändren'])
      expect(spell.correct(word), word).toBe(false);
  });

  it('leaves an entry alone when no flag says compound-only, and escaped slashes in words', () => {
    const sample = '3\nfoo/ab\nfoo/co\nbar\\/baz/o\n';
    expect(keepStandaloneHomonyms('ONLYINCOMPOUND o\n', sample)).toBe('3\nfoo/ab\nfoo/c\nbar\\/baz/o\n');
    expect(keepStandaloneHomonyms('FLAG long\nONLYINCOMPOUND oo\n', sample)).toBe(sample);
    const en = text(dictionaryEn.dic);
    expect(keepStandaloneHomonyms(text(dictionaryEn.aff), en)).toBe(en);
  });
});
