import { describe, expect, it } from 'vitest';
import { GOALS, parseArgs, percentile } from './observers.mjs';

describe('bench:observers parseArgs', () => {
  it('defaults to 1,500 observers for 20 s, and 300 for 5 s with --quick', () => {
    expect(parseArgs([])).toMatchObject({
      observers: 1500,
      seconds: 20,
      writers: 1,
      rate: 10,
      only: expect.arrayContaining(['tandem', 'tandem-x3']),
    });
    expect(parseArgs(['--quick'])).toMatchObject({ observers: 300, seconds: 5, quick: true });
    expect(parseArgs(['--quick', '--observers', '50'])).toMatchObject({ observers: 50, seconds: 5 });
  });

  it('reads the load and the targets, and refuses what it does not know', () => {
    expect(parseArgs(['--writers', '2', '--rate', '20', '--seconds', '3', '--only', 'tandem-x3'])).toMatchObject({
      writers: 2,
      rate: 20,
      seconds: 3,
      only: ['tandem-x3'],
    });
    expect(() => parseArgs(['--only', 'hocuspocus'])).toThrow(/--only/);
    expect(() => parseArgs(['--observers', '0'])).toThrow(/positive/);
    expect(() => parseArgs(['--nope'])).toThrow(/unknown option/);
  });
});

describe('percentile', () => {
  it('takes the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('checks against the issue’s goals', () => {
    expect(GOALS).toEqual({ p99Ms: 45, cpuRatio: 1.3 });
  });
});
