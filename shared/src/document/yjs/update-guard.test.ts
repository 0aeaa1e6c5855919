import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { GuardLimits } from '../../limits';
import type { AttrValidator, DocumentRules, MarkRule, NodeRule } from '../model/model-types';
import { findInvalidItems, repairDocument } from './repair';
import { checkUpdate } from './update-guard';
import { YDocKeys } from './ydoc-keys';

// A small model of its own, so these tests pin the guard's logic, not the real model's contents.
const oneOf =
  (...values: unknown[]): AttrValidator =>
  (v) =>
    values.includes(v);
const node = (name: string, spec: Partial<Omit<NodeRule, 'name'>>): [string, NodeRule] => [
  name,
  { name, attrs: new Map(), children: new Set(), text: false, marks: new Set(), ...spec },
];
const mark = (name: string, attrs: Record<string, AttrValidator> = {}): [string, MarkRule] => [
  name,
  { name, attrs: new Map(Object.entries(attrs)), overlapping: false },
];
const rules: DocumentRules = {
  nodes: new Map([
    node('paragraph', {
      attrs: new Map([['textAlign', oneOf(null, 'center', 'right')]]),
      children: new Set(['image', 'hardBreak']),
      text: true,
      marks: new Set(['bold', 'textStyle']),
    }),
    node('codeBlock', { text: true, marks: new Set() }),
    node('image', { attrs: new Map([['src', (v) => typeof v === 'string' && v.startsWith('https://')]]) }),
    node('hardBreak', {}),
    node('bulletList', { children: new Set(['listItem']) }),
    node('listItem', { children: new Set(['paragraph', 'bulletList']) }),
  ]),
  marks: new Map([mark('bold'), mark('textStyle', { color: oneOf(null, '#FF0000') })]),
  topLevel: new Set(['paragraph', 'codeBlock', 'bulletList']),
};

/** A client document and a way to capture what one change of it sends. */
function author(base?: Y.Doc): { doc: Y.Doc; change: (fn: (doc: Y.Doc) => void) => Uint8Array } {
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
  return {
    doc,
    change(fn) {
      const before = Y.encodeStateVector(doc);
      fn(doc);
      return Y.encodeStateAsUpdate(doc, before);
    },
  };
}

const fragment = (doc: Y.Doc): Y.XmlFragment => doc.getXmlFragment(YDocKeys.content);

function paragraph(text: string, attrs: Record<string, string> = {}): Y.XmlElement {
  const p = new Y.XmlElement('paragraph');
  for (const [k, v] of Object.entries(attrs)) p.setAttribute(k, v);
  p.insert(0, [new Y.XmlText(text)]);
  return p;
}

describe('checkUpdate', () => {
  it('accepts elements, attributes, text and marks the model allows, and counts inserted text', () => {
    const server = new Y.Doc();
    const a = author();
    const update = a.change((d) => fragment(d).insert(0, [paragraph('hello world', { textAlign: 'center' })]));
    const verdict = checkUpdate(server, update, rules);
    // A new paragraph: the fast path reads it, and its bytes are the update applying it (`exact`).
    expect(verdict).toEqual({ ok: true, insertedChars: 11, insertedWordBound: 3, exact: true });
    Y.applyUpdate(server, update);
    const typed = a.change((d) => {
      const text = (fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.insert(5, ' big', { bold: {} });
      text.format(0, 2, { textStyle: { color: '#FF0000' } });
      text.format(0, 2, { bold: null });
    });
    expect(checkUpdate(server, typed, rules).ok).toBe(true);
  });

  it('refuses unknown elements, text or maps at the root, and unknown root types', () => {
    const server = new Y.Doc();
    const cases: Array<(d: Y.Doc) => void> = [
      (d) => fragment(d).insert(0, [new Y.XmlElement('script')]),
      (d) => fragment(d).insert(0, [new Y.XmlText('loose text')]),
      (d) => fragment(d).insert(0, [new Y.XmlElement('listItem')]),
      (d) => d.getArray('evil').insert(0, ['x']),
      (d) => d.getMap('evil').set('x', 1),
      (d) => d.getMap(YDocKeys.meta).set('other', 'x'),
      (d) => d.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 42),
      (d) => d.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 'x'.repeat(GuardLimits.maxTitleChars + 1)),
      (d) => d.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'fr'),
      (d) => d.getMap(YDocKeys.meta).set(YDocKeys.langKey, 1),
      (d) => d.getText(YDocKeys.content).insert(0, 'a'),
    ];
    for (const fn of cases) {
      const verdict = checkUpdate(server, author().change(fn), rules);
      expect(verdict.ok).toBe(false);
      expect(!verdict.ok && verdict.kind).toBe('invalid');
    }
    expect(
      checkUpdate(
        server,
        author().change((d) => d.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 'Plan')),
        rules,
      ).ok,
    ).toBe(true);
    expect(
      checkUpdate(
        server,
        author().change((d) => d.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'de')),
        rules,
      ).ok,
    ).toBe(true);
  });

  it('refuses children the parent does not allow and text where the node holds none', () => {
    const server = new Y.Doc();
    const list = new Y.XmlElement('bulletList');
    const loose = author().change((d) => {
      fragment(d).insert(0, [list]);
      list.insert(0, [new Y.XmlText('text in a list')]);
    });
    expect(checkUpdate(server, loose, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    const nested = author().change((d) => {
      const p = paragraph('x');
      fragment(d).insert(0, [p]);
      p.insert(1, [new Y.XmlElement('bulletList')]);
    });
    expect(checkUpdate(server, nested, rules)).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('refuses an invalid attribute value, also when it replaces an earlier value of the same key', () => {
    const server = new Y.Doc();
    const a = author();
    const first = a.change((d) => fragment(d).insert(0, [paragraph('x', { textAlign: 'center' })]));
    Y.applyUpdate(server, first);
    // The second value of a key references the first as its origin and carries no key of its own.
    const second = a.change((d) =>
      (fragment(d).get(0) as Y.XmlElement).setAttribute('textAlign', 'left; position:fixed'),
    );
    expect(checkUpdate(server, second, rules)).toEqual({
      ok: false,
      kind: 'invalid',
      detail: 'attribute paragraph.textAlign has an invalid value',
    });
    const unknown = author(server).change((d) => (fragment(d).get(0) as Y.XmlElement).setAttribute('onclick', 'x'));
    expect(checkUpdate(server, unknown, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    const good = author(server).change((d) => (fragment(d).get(0) as Y.XmlElement).setAttribute('textAlign', 'right'));
    expect(checkUpdate(server, good, rules).ok).toBe(true);
  });

  it('refuses an image whose src the validator refuses, and binary or embedded content', () => {
    const server = new Y.Doc();
    const evil = author().change((d) => {
      const p = paragraph('');
      const img = new Y.XmlElement('image');
      img.setAttribute('src', 'javascript:alert(1)');
      p.insert(0, [img]);
      fragment(d).insert(0, [p]);
    });
    expect(checkUpdate(server, evil, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    const a = author();
    Y.applyUpdate(
      server,
      a.change((d) => fragment(d).insert(0, [paragraph('x')])),
    );
    const embed = a.change((d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).insertEmbed(0, { x: 1 }));
    expect(checkUpdate(server, embed, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    const binary = author(server).change((d) =>
      (fragment(d).get(0) as Y.XmlElement).setAttribute('textAlign', new Uint8Array([1]) as unknown as string),
    );
    expect(checkUpdate(server, binary, rules)).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('refuses unknown marks, invalid mark attributes, prototype keys and marks the block does not allow', () => {
    const server = new Y.Doc();
    const a = author();
    Y.applyUpdate(
      server,
      a.change((d) => fragment(d).insert(0, [paragraph('abc'), codeBlock('x = 1')])),
    );
    const text = (d: Y.Doc, i = 0): Y.XmlText => (fragment(d).get(i) as Y.XmlElement).get(0) as Y.XmlText;
    // Each hostile change starts from what the server has, so none depends on another.
    const bad = [
      author(server).change((d) => text(d).format(0, 1, { script: {} })),
      author(server).change((d) => text(d).format(0, 1, { textStyle: { color: 'url(https://evil.example/x)' } })),
      author(server).change((d) => text(d).format(0, 1, { textStyle: JSON.parse('{"__proto__":{"x":1}}') as object })),
      author(server).change((d) => text(d).format(0, 1, { textStyle: 'red' })),
      author(server).change((d) => text(d, 1).format(0, 1, { bold: {} })),
    ];
    for (const update of bad) expect(checkUpdate(server, update, rules)).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('refuses strings over the limit', () => {
    const server = new Y.Doc();
    const update = author().change((d) =>
      fragment(d).insert(0, [paragraph('x'.repeat(GuardLimits.maxStringChars + 1))]),
    );
    expect(checkUpdate(server, update, rules)).toMatchObject({ ok: false, kind: 'invalid', detail: 'string too long' });
  });

  it('reports missing dependencies instead of applying them, and accepts them merged with what they need', () => {
    const server = new Y.Doc();
    const a = author();
    const first = a.change((d) => fragment(d).insert(0, [paragraph('one')]));
    const second = a.change((d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(3, ' two'));
    expect(checkUpdate(server, second, rules)).toEqual({ ok: false, kind: 'missing' });
    expect(checkUpdate(server, Y.mergeUpdates([first, second]), rules).ok).toBe(true);
    // Deletes what only `second` inserted.
    const deletion = a.change((d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(4, 3));
    Y.applyUpdate(server, first);
    expect(checkUpdate(server, deletion, rules)).toEqual({ ok: false, kind: 'missing' });
    expect(checkUpdate(server, Y.mergeUpdates([second, deletion]), rules).ok).toBe(true);
  });

  it('calls bytes that are no update malformed, without throwing', () => {
    const server = new Y.Doc();
    expect(checkUpdate(server, new Uint8Array([255, 255, 255, 255, 1]), rules)).toEqual({
      ok: false,
      kind: 'malformed',
    });
  });
});

function codeBlock(text: string): Y.XmlElement {
  const c = new Y.XmlElement('codeBlock');
  c.insert(0, [new Y.XmlText(text)]);
  return c;
}

describe('repairDocument', () => {
  it('removes what the model refuses from a stored document once, and keeps the rest', () => {
    const doc = new Y.Doc();
    fragment(doc).insert(0, [
      paragraph('keep', { textAlign: 'center' }),
      new Y.XmlElement('script'),
      new Y.XmlText('root text'),
    ]);
    (fragment(doc).get(0) as Y.XmlElement).setAttribute('style', 'position:fixed');
    doc.getMap('evil').set('x', 1);
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    const { removed } = repairDocument(doc, rules, 'repair');
    expect(removed.map((r) => r.why).sort()).toHaveLength(4);
    expect(updates).toHaveLength(1);
    expect(fragment(doc).length).toBe(1);
    expect((fragment(doc).get(0) as Y.XmlElement).getAttributes()).toEqual({ textAlign: 'center' });
    expect(fragment(doc).toString()).toContain('keep');
    expect(findInvalidItems(doc, rules)).toEqual([]);
  });

  it('drops pending structs so they are neither stored nor synced again', () => {
    const a = author();
    a.change((d) => fragment(d).insert(0, [paragraph('one')]));
    const second = a.change((d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(3, ' two'));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, second);
    expect(doc.store.pendingStructs).not.toBeNull();
    expect(repairDocument(doc, rules, 'repair').droppedPending).toBe(true);
    expect(Y.encodeStateAsUpdate(doc).byteLength).toBeLessThan(4);
  });
});
