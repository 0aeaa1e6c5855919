import { describe, expect, it } from 'vitest';
import { sameValue } from './use-editor-ui-state';

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
