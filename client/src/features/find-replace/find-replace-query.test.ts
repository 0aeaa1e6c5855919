import { describe, expect, it } from 'vitest';
import { compileQuery, findInText, replacementFor, type FindOptions } from './find-replace-query';

const opts = (text: string, more: Partial<FindOptions> = {}): FindOptions => ({
  text,
  caseSensitive: false,
  wholeWord: false,
  regex: false,
  ...more,
});

/** The matched strings of `text`. */
function find(text: string, options: FindOptions): string[] {
  const query = compileQuery(options);
  if (!query?.ok) throw new Error('no valid query');
  return findInText(text, query).map((m) => text.slice(m.index, m.index + m.length));
}

describe('find-replace query', () => {
  it('finds nothing for an empty search', () => {
    expect(compileQuery(opts(''))).toBeNull();
  });

  it('ignores case unless Match case is on (umlauts included)', () => {
    expect(find('Über über ÜBER', opts('über'))).toEqual(['Über', 'über', 'ÜBER']);
    expect(find('Über über ÜBER', opts('über', { caseSensitive: true }))).toEqual(['über']);
  });

  it('takes the search text literally unless Regular expression is on', () => {
    expect(find('a.b axb (c) a.b', opts('a.b'))).toEqual(['a.b', 'a.b']);
    expect(find('price $5 (net)', opts('(net)'))).toEqual(['(net)']);
    expect(find('a.b axb', opts('a.b', { regex: true }))).toEqual(['a.b', 'axb']);
  });

  it('matches whole words only, with letters of any script as word characters', () => {
    const text = 'Über Übermut überall Über-Ich Über_x, Über.';
    expect(find(text, opts('Über', { wholeWord: true, caseSensitive: true }))).toEqual(['Über', 'Über', 'Über']);
    expect(find('Straße Straßen straße', opts('straße', { wholeWord: true }))).toEqual(['Straße', 'straße']);
    // A rejected candidate does not hide a whole word starting inside it.
    expect(find('aaa aa', opts('aa', { wholeWord: true }))).toEqual(['aa']);
  });

  it('runs regular expressions with Unicode classes and skips empty matches', () => {
    expect(find('Äpfel 12 Birnen 7', opts('\\p{Lu}\\p{Ll}+', { regex: true, caseSensitive: true }))).toEqual([
      'Äpfel',
      'Birnen',
    ]);
    expect(find('abc', opts('x*', { regex: true }))).toEqual([]);
    expect(find('aXbX', opts('^a|X$', { regex: true }))).toEqual(['a', 'X']);
  });

  it('reports an invalid regular expression instead of throwing', () => {
    expect(compileQuery(opts('(unclosed', { regex: true }))).toEqual({ ok: false, error: 'invalidRegex' });
    expect(compileQuery(opts('[a-', { regex: true }))).toEqual({ ok: false, error: 'invalidRegex' });
    // The same text is fine as a literal search.
    expect(find('an (unclosed bracket', opts('(unclosed'))).toEqual(['(unclosed']);
  });

  it('accepts patterns only valid outside Unicode mode', () => {
    expect(find('a:b', opts('a\\:', { regex: true }))).toEqual(['a:']);
  });

  it('expands $& $1 $<name> and $$ in a regular expression replacement, not in a literal one', () => {
    const query = compileQuery(opts('(?<first>\\w+) (\\w+)', { regex: true }));
    if (!query?.ok) throw new Error('no valid query');
    const [m] = findInText('Ada Lovelace', query);
    if (!m) throw new Error('no match');
    expect(replacementFor('$2, $<first> ($&) $$1 $9', m)).toBe('Lovelace, Ada (Ada Lovelace) $1 $9');
    expect(replacementFor('$1', { captures: null, groups: null })).toBe('$1');
  });
});
