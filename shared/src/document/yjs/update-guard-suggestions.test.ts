import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { GuardLimits, SuggestionLimits } from '../../limits';
import { createDocumentModel } from '../model/create-document-model';
import { checkUpdate } from './update-guard';
import { YDocKeys } from './ydoc-keys';

// The suggestion marks of the real model against the update guard (issue 28).
const { rules } = createDocumentModel(defaultEditorOptions);
const ID = 'sugg_0123456789ab';

/** A server document with one paragraph, and the update a client's `change` of its text sends. */
function scenario(change: (text: Y.XmlText) => void): { server: Y.Doc; update: Uint8Array } {
  const server = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  server.getXmlFragment(YDocKeys.content).insert(0, [paragraph]);
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  text.insert(0, 'Hello world');
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const before = Y.encodeStateVector(client);
  const clientText = (client.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlText;
  client.transact(() => change(clientText));
  return { server, update: Y.encodeStateAsUpdate(client, before) };
}

const verdictOf = (change: (text: Y.XmlText) => void) => {
  const { server, update } = scenario(change);
  return checkUpdate(server, update, rules);
};

describe('the update guard and suggestion marks', () => {
  it('accepts insertions and deletions with a valid id and author (or none)', () => {
    for (const change of [
      (t: Y.XmlText) => t.insert(5, ' big', { insertion: { id: ID, author: 'Ada Lovelace' } }),
      (t: Y.XmlText) => t.format(0, 5, { deletion: { id: ID, author: 'Ada Lovelace' } }),
      (t: Y.XmlText) => t.format(0, 5, { deletion: { id: ID, author: null } }),
      (t: Y.XmlText) => t.insert(11, '\u200B', { insertion: { id: ID, author: 'Jürgen Ö' } }),
      (t: Y.XmlText) => t.format(0, 5, { insertion: { id: 'a'.repeat(SuggestionLimits.maxIdChars), author: 'B' } }),
      (t: Y.XmlText) =>
        t.format(0, 5, { deletion: { id: ID, author: 'x'.repeat(SuggestionLimits.maxAuthorNameChars) } }),
      // Accepting or rejecting removes the mark.
      (t: Y.XmlText) => t.format(0, 5, { deletion: null }),
    ]) {
      expect(verdictOf(change).ok, String(change)).toBe(true);
    }
  });

  it('refuses a bad id, an id of the wrong type, an unsafe or overlong author and unknown attributes', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['short id', { id: 'abc', author: 'Ada' }],
      ['id with a space', { id: 'sugg 0123456789', author: 'Ada' }],
      ['id with markup', { id: '"><img src=x>', author: 'Ada' }],
      ['overlong id', { id: 'a'.repeat(SuggestionLimits.maxIdChars + 1), author: 'Ada' }],
      ['numeric id (the library’s own)', { id: 7, author: 'Ada' }],
      ['id as an object', { id: { toString: ID }, author: 'Ada' }],
      ['null id', { id: null, author: 'Ada' }],
      ['no id', { author: 'Ada' }],
      ['author with a control character', { id: ID, author: 'Ada\u0007' }],
      ['author with a line feed', { id: ID, author: 'Ada\nBob' }],
      ['author with a bidi override', { id: ID, author: 'Ada\u202Eevil' }],
      ['author with a bidi isolate', { id: ID, author: '\u2066Ada' }],
      ['overlong author', { id: ID, author: 'x'.repeat(SuggestionLimits.maxAuthorNameChars + 1) }],
      ['blank author', { id: ID, author: '   ' }],
      ['author as a number', { id: ID, author: 42 }],
      ['unknown attribute', { id: ID, author: 'Ada', color: '#FF0000' }],
      ['huge value', { id: ID, author: 'Ada', x: 'y'.repeat(GuardLimits.maxAttributeChars + 1) }],
    ];
    for (const name of ['insertion', 'deletion']) {
      for (const [label, attrs] of cases) {
        const verdict = verdictOf((t) => t.format(0, 5, { [name]: attrs }));
        expect(verdict.ok, `${name}: ${label}`).toBe(false);
        const inserted = verdictOf((t) => t.insert(5, 'x', { [name]: attrs }));
        expect(inserted.ok, `${name} on inserted text: ${label}`).toBe(false);
      }
      // A mark value that is no object at all.
      expect(verdictOf((t) => t.format(0, 5, { [name]: 'yes' })).ok).toBe(false);
      // Overlapping (hashed) names are for marks that may overlap: a suggestion may not.
      expect(verdictOf((t) => t.format(0, 5, { [`${name}--AbC+/12=`]: { id: ID, author: 'Ada' } })).ok).toBe(false);
    }
  });

  it('accepts the library’s modification mark only with its strict validators', () => {
    const valid = { id: ID, type: 'attr', attrName: 'textAlign', previousValue: 'left', newValue: 'center' };
    expect(verdictOf((t) => t.format(0, 5, { modification: valid })).ok).toBe(true);
    expect(verdictOf((t) => t.format(0, 5, { modification: { ...valid, previousValue: null, newValue: 2 } })).ok).toBe(
      true,
    );
    for (const [label, attrs] of [
      ['no id', { ...valid, id: null }],
      ['numeric id', { ...valid, id: 3 }],
      ['unknown type', { ...valid, type: 'nodeType' }],
      ['attribute name with markup', { ...valid, attrName: 'on<x>' }],
      ['attribute name too long', { ...valid, attrName: `a${'b'.repeat(64)}` }],
      ['value as an object (a mark)', { ...valid, type: 'mark', previousValue: { type: 'bold' } }],
      ['value too long', { ...valid, newValue: 'x'.repeat(SuggestionLimits.maxModificationValueChars + 1) }],
      ['unknown attribute', { ...valid, author: 'Ada' }],
    ] as const) {
      expect(verdictOf((t) => t.format(0, 5, { modification: attrs })).ok, label).toBe(false);
    }
  });

  it('allows suggestions wherever text takes marks, but not in code blocks', () => {
    const server = new Y.Doc();
    const code = new Y.XmlElement('codeBlock');
    server.getXmlFragment(YDocKeys.content).insert(0, [code]);
    const text = new Y.XmlText();
    code.insert(0, [text]);
    text.insert(0, 'x = 1');
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const before = Y.encodeStateVector(client);
    const clientText = (client.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    clientText.format(0, 1, { deletion: { id: ID, author: 'Ada' } });
    expect(checkUpdate(server, Y.encodeStateAsUpdate(client, before), rules).ok).toBe(false);
  });

  it('checks the suggestion attribute of inline objects (pictures): valid kinds, ids and authors only', () => {
    const server = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    server.getXmlFragment(YDocKeys.content).insert(0, [paragraph]);
    const picture = new Y.XmlElement('image');
    picture.setAttribute('src', 'https://example.com/a.png');
    paragraph.insert(0, [picture]);
    const verdict = (value: unknown): boolean => {
      const client = new Y.Doc();
      Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
      const before = Y.encodeStateVector(client);
      const image = (client.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlElement;
      // y-prosemirror stores attribute values as they are (strings here; anything a raw client sends).
      client.transact(() => image.setAttribute('suggestion', value as string));
      return checkUpdate(server, Y.encodeStateAsUpdate(client, before), rules).ok;
    };
    expect(verdict(`deletion:${ID}:Ada Lovelace`)).toBe(true);
    expect(verdict(`insertion:${ID}:`)).toBe(true);
    for (const bad of [
      `modification:${ID}:Ada`,
      `deletion:"><img src=x>:Ada`,
      `deletion:${ID}:\u202eAda`,
      `deletion:${ID}:${'x'.repeat(SuggestionLimits.maxAuthorNameChars + 1)}`,
      { kind: 'deletion', id: ID },
      42,
    ]) {
      expect(verdict(bad), String(bad)).toBe(false);
    }
  });
});
