import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { firstParagraphUpdate, isFirstParagraphOnly } from './first-paragraph';

describe('first paragraph', () => {
  it('is one paragraph however many times and in whatever order it is applied', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    Y.applyUpdate(a, firstParagraphUpdate());
    Y.applyUpdate(b, firstParagraphUpdate());
    // Each document stored its own copy; exchanging them must not make two paragraphs.
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    Y.applyUpdate(a, firstParagraphUpdate());
    for (const doc of [a, b]) {
      const fragment = doc.getXmlFragment(YDocKeys.content);
      expect(fragment.length).toBe(1);
      expect((fragment.get(0) as Y.XmlElement).nodeName).toBe(YDocKeys.emptyBlock);
    }
  });

  it('tells the first paragraph from any other update', () => {
    expect(isFirstParagraphOnly(firstParagraphUpdate())).toBe(true);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, firstParagraphUpdate());
    const before = Y.encodeStateVector(doc);
    doc.getXmlFragment(YDocKeys.content).insert(1, [new Y.XmlElement(YDocKeys.emptyBlock)]);
    expect(isFirstParagraphOnly(Y.encodeStateAsUpdate(doc, before))).toBe(false);
    const beforeDelete = Y.encodeStateVector(doc);
    const deleted: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => deleted.push(u));
    doc.getXmlFragment(YDocKeys.content).delete(0, 1);
    expect(deleted).toHaveLength(1);
    expect(isFirstParagraphOnly(deleted[0] ?? new Uint8Array())).toBe(false);
    expect(Y.encodeStateVector(doc)).toEqual(beforeDelete);
  });
});
