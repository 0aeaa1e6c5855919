import { describe, expect, it } from 'vitest';
import { textChanges } from './text-changes';

describe('textChanges', () => {
  it('counts nothing for equal texts', () => {
    expect(textChanges('same', 'same')).toEqual({ inserted: 0, deleted: 0 });
    expect(textChanges('', '')).toEqual({ inserted: 0, deleted: 0 });
  });

  it('counts one insertion or deletion anywhere', () => {
    expect(textChanges('', 'Hello')).toEqual({ inserted: 5, deleted: 0 });
    expect(textChanges('Hello world', 'Hello big world')).toEqual({ inserted: 4, deleted: 0 });
    expect(textChanges('Hello big world', 'Hello world')).toEqual({ inserted: 0, deleted: 4 });
    expect(textChanges('aaa', 'aaaa')).toEqual({ inserted: 1, deleted: 0 });
  });

  it('counts edits in several places through the character diff', () => {
    expect(textChanges('The cat sat on the mat', 'The dog sat on the hat')).toEqual({ inserted: 4, deleted: 4 });
    expect(textChanges('abcdef', 'xbcdey')).toEqual({ inserted: 2, deleted: 2 });
  });
});
