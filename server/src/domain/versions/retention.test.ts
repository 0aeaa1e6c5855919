import { describe, expect, it } from 'vitest';
import { versionsToDelete, type RetainedVersion, type RetentionPolicy } from './retention';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const policy: RetentionPolicy = { keepAllMs: DAY, keepHourlyMs: 7 * DAY, maxCount: 1_000, maxBytes: 1_000_000 };

const v = (id: string, ageMs: number, over: Partial<RetainedVersion> = {}): RetainedVersion => ({
  id,
  createdAt: NOW - ageMs,
  bytes: 10,
  name: null,
  ...over,
});

const kept = (versions: RetainedVersion[], p = policy, now = NOW): string[] => {
  const gone = new Set(versionsToDelete(versions, now, p));
  return versions.filter((x) => !gone.has(x.id)).map((x) => x.id);
};

describe('versionsToDelete', () => {
  it('keeps every version of the last day', () => {
    const versions = Array.from({ length: 50 }, (_, i) => v(`v${i}`, i * 20 * 60_000));
    expect(versions.at(-1)?.createdAt).toBeGreaterThan(NOW - DAY);
    expect(versionsToDelete(versions, NOW, policy)).toEqual([]);
  });

  it('keeps the newest of each hour up to a week, then the newest of each day', () => {
    // NOW is on the hour: ages of 2 days + 10, 20, 30 min fall in one hour, 3 days + 10/20 min in another.
    const versions = [
      v('recent', HOUR),
      v('h1', 2 * DAY + 10 * 60_000),
      v('h2', 2 * DAY + 20 * 60_000),
      v('h3', 2 * DAY + 30 * 60_000),
      v('h4', 3 * DAY + 10 * 60_000),
      v('h5', 3 * DAY + 20 * 60_000),
      // 10 and 11 days ago at different hours of the same UTC day; 12 days ago another day.
      v('d1', 10 * DAY + HOUR),
      v('d2', 10 * DAY + 5 * HOUR),
      v('d3', 12 * DAY + HOUR),
    ];
    expect(kept(versions)).toEqual(['recent', 'h1', 'h4', 'd1', 'd3']);
  });

  it('never deletes a named version, nor the newest one', () => {
    const versions = [v('newest', 30 * DAY), v('a', 30 * DAY + HOUR), v('named', 30 * DAY + 2 * HOUR, { name: 'x' })];
    expect(kept(versions)).toEqual(['newest', 'named']);
    expect(kept([v('only', 400 * DAY)], { ...policy, maxCount: 0, maxBytes: 0 })).toEqual(['only']);
  });

  it('cuts to the count budget, oldest unnamed first', () => {
    const versions = [v('a', 1), v('b', 2), v('named', 3, { name: 'keep' }), v('c', 4), v('d', 5)];
    expect(kept(versions, { ...policy, maxCount: 3 })).toEqual(['a', 'b', 'named']);
    expect(kept(versions, { ...policy, maxCount: 1 })).toEqual(['a', 'named']);
  });

  it('cuts to the byte budget, oldest unnamed first', () => {
    const versions = [v('a', 1, { bytes: 40 }), v('b', 2, { bytes: 40 }), v('c', 3, { bytes: 40 })];
    expect(kept(versions, { ...policy, maxBytes: 100 })).toEqual(['a', 'b']);
    expect(kept(versions, { ...policy, maxBytes: 10 })).toEqual(['a']);
  });

  it('orders by time whatever order it is given, and keeps future versions', () => {
    const versions = [v('old', 30 * DAY), v('new', 0), v('future', -HOUR), v('old2', 30 * DAY + 60_000)];
    expect(kept(versions)).toEqual(['old', 'new', 'future']);
  });
});
