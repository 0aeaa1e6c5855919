import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from './ydoc-keys';
import { readTitle } from './ydoc-title';

describe('readTitle', () => {
  it('reads meta.title untrimmed, and "" when it is missing or not text', () => {
    const doc = new Y.Doc();
    expect(readTitle(doc)).toBe('');
    doc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 42);
    expect(readTitle(doc)).toBe('');
    doc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, ' Notes ');
    expect(readTitle(doc)).toBe(' Notes ');
  });
});
