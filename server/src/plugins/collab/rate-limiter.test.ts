import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows the burst, then the sustained rate', () => {
    let now = 0;
    const limiter = new RateLimiter(10, 3, () => now);
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, true, false]);
    now += 100;
    expect(limiter.take()).toBe(true);
    expect(limiter.take()).toBe(false);
    now += 10_000;
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, true, false]);
  });
});
