import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './window-limiter';

function clock(start = 1_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('WindowLimiter', () => {
  it('allows `limit` hits per window and key, then answers the time left in the window', () => {
    const c = clock();
    const limiter = new WindowLimiter(3, 60_000, 100, c.now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0]);
    c.advance(10_000);
    expect(limiter.hit('a')).toBe(50_000);
    expect(limiter.hit('b')).toBe(0);
    c.advance(50_000);
    expect(limiter.hit('a')).toBe(0);
  });

  it('forgets expired windows and, beyond maxKeys, the oldest live one', () => {
    const c = clock();
    const limiter = new WindowLimiter(1, 1_000, 3, c.now);
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    limiter.hit('d');
    expect(limiter.size).toBe(3);
    // 'a' was forgotten, so it starts a fresh window; 'd' is still counted.
    expect(limiter.hit('d')).toBeGreaterThan(0);
    c.advance(1_000);
    limiter.hit('e');
    expect(limiter.size).toBe(1);
  });
});
