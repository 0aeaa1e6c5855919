import { describe, expect, it } from 'vitest';
import { BUSY_UI_INTERVAL_MS, nextFlushDelay, sameValue } from './use-editor-ui-state';

describe('sameValue', () => {
  it('compares selector results by structure', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue(NaN, NaN)).toBe(true);
  });
});

describe('nextFlushDelay', () => {
  it('flushes at once after a pause and at most once per interval during a burst', () => {
    expect(nextFlushDelay(1000, -Infinity)).toBe(0);
    expect(nextFlushDelay(1000, 1000 - BUSY_UI_INTERVAL_MS - 1)).toBe(0);
    expect(nextFlushDelay(1000, 990)).toBe(BUSY_UI_INTERVAL_MS - 10);
    expect(nextFlushDelay(1000, 1000, 50)).toBe(50);
  });
});
