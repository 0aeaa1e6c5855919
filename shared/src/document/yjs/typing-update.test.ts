import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DocumentRules, NodeRule } from '../model/model-types';
import { readTypingUpdate } from './typing-update';
import { checkDecodedUpdate, checkUpdate, type GuardVerdict } from './update-guard';
import { YDocKeys } from './ydoc-keys';
import { seededRandom as random } from '../testing/random-document';

const node = (name: string, spec: Partial<Omit<NodeRule, 'name'>>): [string, NodeRule] => [
  name,
  { name, attrs: new Map(), children: new Set(), text: false, marks: new Set(), ...spec },
];
const rules: DocumentRules = {
  nodes: new Map([
    node('paragraph', { text: true, marks: new Set(['bold']), children: new Set(['hardBreak']) }),
    node('hardBreak', {}),
    node('bulletList', { children: new Set(['listItem']) }),
    node('listItem', { children: new Set(['paragraph']) }),
  ]),
  marks: new Map([['bold', { name: 'bold', attrs: new Map(), overlapping: false }]]),
  topLevel: new Set(['paragraph', 'bulletList']),
};

const fragment = (doc: Y.Doc): Y.XmlFragment => doc.getXmlFragment(YDocKeys.content);

/** A verdict as the full decode gives it (which never claims `exact`). */
const decodedShape = (v: GuardVerdict): GuardVerdict =>
  v.ok ? { ok: true, insertedChars: v.insertedChars, insertedWordBound: v.insertedWordBound } : v;

function texts(doc: Y.Doc): Y.XmlText[] {
  const out: Y.XmlText[] = [];
  const walk = (el: Y.XmlFragment | Y.XmlElement): void => {
    for (const child of el.toArray()) {
      if (child instanceof Y.XmlText) out.push(child);
      else if (child instanceof Y.XmlElement) walk(child);
    }
  };
  walk(fragment(doc));
  return out;
}

function change(doc: Y.Doc, fn: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  fn();
  return Y.encodeStateAsUpdate(doc, before);
}

describe('typing fast path of the update guard', () => {
  it('decides every update exactly as the full decode does', { timeout: 60_000 }, () => {
    const next = random(7);
    const server = new Y.Doc();
    const authors = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
    const seed = change(authors[0] as Y.Doc, () => {
      const list = new Y.XmlElement('bulletList');
      const item = new Y.XmlElement('listItem');
      const inner = new Y.XmlElement('paragraph');
      inner.insert(0, [new Y.XmlText('in a list')]);
      item.insert(0, [inner]);
      list.insert(0, [item]);
      const p = new Y.XmlElement('paragraph');
      p.insert(0, [new Y.XmlText('hello world')]);
      // Text straight in the fragment: refused when written, but the check of typing into it must agree too.
      fragment(authors[0] as Y.Doc).insert(0, [p, list, new Y.XmlText('loose')]);
    });
    Y.applyUpdate(server, seed);
    for (const a of authors.slice(1)) Y.applyUpdate(a, seed);
    let fast = 0;
    let exact = 0;
    for (let step = 0; step < 600; step++) {
      const author = authors[Math.floor(next() * authors.length)] as Y.Doc;
      const all = texts(author);
      const text = all[Math.floor(next() * all.length)] as Y.XmlText;
      const r = next();
      const update = change(author, () => {
        const at = Math.floor(next() * (text.length + 1));
        if (r < 0.6) text.insert(at, next() < 0.1 ? ' two words' : 'x');
        else if (r < 0.8 && text.length > 0) text.delete(Math.min(at, text.length - 1), 1);
        else if (r < 0.9) text.insert(at, 'b', { bold: true });
        else {
          text.delete(0, Math.min(2, text.length));
          text.insert(0, 'y');
        }
      });
      const verdict = checkUpdate(server, update, rules);
      expect(decodedShape(verdict)).toEqual(checkDecodedUpdate(server, update, rules));
      if (readTypingUpdate(server, update) && verdict.ok) {
        fast++;
        // Its structs are exactly what the transaction applying it integrates (on a document without
        // pending structs, as the guard keeps a room's).
        expect(verdict).toMatchObject({ exact: true });
        const copy = new Y.Doc();
        Y.applyUpdate(copy, Y.encodeStateAsUpdate(server));
        if (copy.store.pendingStructs === null) {
          let encoded: Uint8Array | null = null;
          copy.on('update', (u: Uint8Array) => (encoded = u));
          Y.applyUpdate(copy, update);
          exact++;
          expect(copy.store.pendingStructs).toBeNull();
          if (encoded) expect(Y.encodeStateVectorFromUpdate(encoded)).toEqual(Y.encodeStateVectorFromUpdate(update));
        }
      }
      // Authors sync with the server now and then, so some updates reference what it lacks (missing).
      if (next() < 0.7) Y.applyUpdate(server, update);
      if (next() < 0.3) {
        Y.applyUpdate(author, Y.encodeStateAsUpdate(server));
        Y.applyUpdate(server, Y.encodeStateAsUpdate(author));
      }
    }
    // Most keystrokes take the fast path; the rest went through the full decode above.
    expect(fast).toBeGreaterThan(200);
    expect(exact).toBeGreaterThan(50);
  });

  it('reads what it is sure of and leaves the rest to the full decode', () => {
    const server = new Y.Doc();
    const author = new Y.Doc();
    const first = change(author, () => {
      const p = new Y.XmlElement('paragraph');
      p.insert(0, [new Y.XmlText('ab')]);
      fragment(author).insert(0, [p]);
    });
    // A new paragraph at the root, its new text inside it and a string inside that.
    expect(readTypingUpdate(server, first)?.writes).toEqual([
      {
        place: { kind: 'root', name: YDocKeys.content },
        parentSub: null,
        written: { kind: 'element', nodeName: 'paragraph' },
      },
      { place: { kind: 'element', name: 'paragraph' }, parentSub: null, written: { kind: 'text' } },
      { place: { kind: 'text', block: 'paragraph' }, parentSub: null, written: { kind: 'string', str: 'ab' } },
    ]);
    Y.applyUpdate(server, first);
    const text = texts(author)[0] as Y.XmlText;
    const typed = change(author, () => text.insert(2, 'c'));
    expect(readTypingUpdate(server, typed)).toEqual({
      writes: [{ place: { kind: 'text', block: 'paragraph' }, parentSub: null, written: { kind: 'string', str: 'c' } }],
    });
    const gap = change(author, () => text.insert(3, 'd'));
    // `typed` was never applied: the next keystroke depends on it.
    expect(readTypingUpdate(server, gap)).toBeNull();
    expect(checkUpdate(server, gap, rules)).toEqual({ ok: false, kind: 'missing' });
    Y.applyUpdate(server, typed);
    Y.applyUpdate(server, gap);
    // A resend of what the server has.
    expect(readTypingUpdate(server, typed)).toBeNull();
    // Text in a root Y.Text: read, and refused by the same rule as in the full decode.
    const rootText = change(author, () => author.getText('text').insert(0, 'z'));
    expect(readTypingUpdate(server, rootText)).not.toBeNull();
    expect(checkUpdate(server, rootText, rules)).toEqual(checkDecodedUpdate(server, rootText, rules));
    expect(checkUpdate(server, rootText, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    // Embeds are never read.
    const embed = change(author, () => text.insertEmbed(1, { x: 1 }));
    expect(readTypingUpdate(server, embed)).toBeNull();
    expect(readTypingUpdate(server, Uint8Array.of(1, 1, 5))).toBeNull();
    const erase = change(author, () => text.delete(0, 1));
    expect(readTypingUpdate(server, erase)).toEqual({ writes: [] });
  });
});
