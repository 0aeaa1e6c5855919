import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type { Node as PmNode } from '@tiptap/pm/model';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { restoreVersion } from './restore-version';
import { YDocKeys } from './ydoc-keys';
import { updateYFragment } from '@tiptap/y-tiptap';

const { schema } = createDocumentModel(defaultEditorOptions);
const p = (text: string) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] });
const doc = (...texts: string[]): PmNode => schema.nodeFromJSON({ type: 'doc', content: texts.map(p) });

function ydocWith(node: PmNode): Y.Doc {
  const ydoc = new Y.Doc();
  updateYFragment(ydoc, ydoc.getXmlFragment(YDocKeys.content), node, { mapping: new Map(), isOMark: new Map() });
  return ydoc;
}
const contentOf = (ydoc: Y.Doc): PmNode =>
  yXmlFragmentToProseMirrorRootNode(ydoc.getXmlFragment(YDocKeys.content), schema);
const texts = (ydoc: Y.Doc): string[] => {
  const out: string[] = [];
  contentOf(ydoc).forEach((child) => out.push(child.textContent));
  return out;
};

describe('restoreVersion', () => {
  it('turns document A into version B and sets the title, in one transaction with the given origin', () => {
    const ydoc = ydocWith(doc('one', 'two changed', 'three', 'extra'));
    const origins: unknown[] = [];
    ydoc.on('afterTransaction', (tr: Y.Transaction) => origins.push(tr.origin));
    const origin = { restore: true };
    restoreVersion(ydoc, doc('one', 'two', 'three'), 'Old title', origin);
    expect(texts(ydoc)).toEqual(['one', 'two', 'three']);
    expect(contentOf(ydoc).eq(doc('one', 'two', 'three'))).toBe(true);
    expect(ydoc.getMap(YDocKeys.meta).get(YDocKeys.titleKey)).toBe('Old title');
    expect(origins).toEqual([origin]);
  });

  it('keeps the Y items of untouched paragraphs, so a concurrent edit there survives', () => {
    const a = ydocWith(doc('alpha', 'beta', 'gamma', 'delta'));
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const fragment = a.getXmlFragment(YDocKeys.content);
    const untouched = fragment.get(3);

    // b types into "delta" while a restores a version that differs only in "beta".
    const deltaText = (b.getXmlFragment(YDocKeys.content).get(3) as Y.XmlElement).get(0) as Y.XmlText;
    deltaText.insert(5, ' and more');
    restoreVersion(a, doc('alpha', 'BETA', 'gamma', 'delta'), null, null);
    expect(fragment.get(3)).toBe(untouched);

    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(texts(a)).toEqual(['alpha', 'BETA', 'gamma', 'delta and more']);
    expect(texts(b)).toEqual(texts(a));
  });

  it('leaves the title alone when it is null or already equal', () => {
    const ydoc = ydocWith(doc('x'));
    ydoc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 'T');
    let updates = 0;
    ydoc.on('update', () => updates++);
    restoreVersion(ydoc, doc('x'), 'T', null);
    restoreVersion(ydoc, doc('x'), null, null);
    expect(updates).toBe(0);
  });

  it('refuses a node that is not a document', () => {
    const ydoc = ydocWith(doc('x'));
    expect(() => restoreVersion(ydoc, schema.nodeFromJSON(p('y')), null, null)).toThrow();
    expect(texts(ydoc)).toEqual(['x']);
  });
});
