import { describe, expect, it } from 'vitest';
import { CardCache } from './card-cache';

describe('CardCache', () => {
  it('keeps an answer per document and address until its time is up', () => {
    let now = 0;
    const cache = new CardCache(1_000, 10, () => now);
    cache.set('d1', 'https://a.example/', { kind: 'link', url: 'https://a.example/' });
    expect(cache.get('d1', 'https://a.example/')).toEqual({ kind: 'link', url: 'https://a.example/' });
    expect(cache.get('d2', 'https://a.example/')).toBeNull();
    now = 1_000;
    expect(cache.get('d1', 'https://a.example/')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('forgets the oldest answer beyond its size', () => {
    const cache = new CardCache(60_000, 2);
    for (const n of [1, 2, 3]) cache.set('d', `https://${String(n)}.example/`, { kind: 'link', url: String(n) });
    expect(cache.size).toBe(2);
    expect(cache.get('d', 'https://1.example/')).toBeNull();
    expect(cache.get('d', 'https://3.example/')).not.toBeNull();
  });
});
