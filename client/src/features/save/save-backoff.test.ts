import { describe, expect, it } from 'vitest';
import { AutosaveLimits } from '@shared/limits';
import { retryDelay } from './save-backoff';

describe('retryDelay (exponential backoff, full jitter)', () => {
  it('doubles from the base to the cap', () => {
    const top = (n: number): number => retryDelay(n, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(top)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(top(1_000)).toBe(AutosaveLimits.retryMaxMs);
  });

  it('stays within [0, cap] for any random value, including broken ones', () => {
    for (let failures = 1; failures < 40; failures++) {
      for (const r of [0, 0.25, 0.999, -1, 2, Number.NaN, Infinity]) {
        const delay = retryDelay(failures, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(AutosaveLimits.retryMaxMs, 1_000 * 2 ** (failures - 1)));
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('spreads clients out: Math.random covers the range', () => {
    const delays = Array.from({ length: 2_000 }, () => retryDelay(6));
    expect(Math.min(...delays)).toBeLessThan(3_200);
    expect(Math.max(...delays)).toBeGreaterThan(28_800);
    expect(Math.max(...delays)).toBeLessThanOrEqual(32_000);
  });

  it('treats 0 or negative failures as the first', () => {
    expect(retryDelay(0, () => 1)).toBe(1_000);
    expect(retryDelay(-5, () => 1)).toBe(1_000);
  });
});
