import { describe, expect, it } from 'vitest';
import { PERSONAL_WORDS_MAX, readPersonalWords } from './personal-dictionary';
import { store } from '../../lib/store';
import { SpellSession } from './spell-state';

const session = (storage: Storage): SpellSession =>
  new SpellSession(
    store(false),
    () => false,
    () => storage,
  );

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('ignore and add to dictionary', () => {
  it('ignores a word for this editor only, and adds a word for this browser and language', () => {
    const storage = new MemoryStorage();
    const a = session(storage);
    a.ignore('Tandemm');
    a.addToDictionary('Yjsish');
    expect(a.isAccepted('Tandemm')).toBe(true);
    expect(a.isAccepted('Yjsish')).toBe(true);
    const b = session(storage);
    expect(b.isAccepted('Tandemm')).toBe(false);
    expect(b.isAccepted('Yjsish')).toBe(true);
    b.lang.set('de');
    expect(b.isAccepted('Yjsish')).toBe(false);
  });

  it('keeps at most PERSONAL_WORDS_MAX words, dropping the oldest', () => {
    const storage = new MemoryStorage();
    const state = session(storage);
    for (let i = 0; i < PERSONAL_WORDS_MAX + 5; i++) state.addToDictionary(`word${i}`);
    const words = readPersonalWords('en', storage);
    expect(words).toHaveLength(PERSONAL_WORDS_MAX);
    expect(words[0]).toBe('word5');
    expect(words.at(-1)).toBe(`word${PERSONAL_WORDS_MAX + 4}`);
  });
});
