import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { decodeAwarenessUpdate, encodeAwarenessEntries } from './protocol';

describe('awareness decoding', () => {
  it('decodes what y-protocols encodes and re-encodes it identically', () => {
    const doc = new Y.Doc();
    const awareness = new awarenessProtocol.Awareness(doc);
    awareness.setLocalState({ user: { name: 'Ada', color: '#f00' } });
    const update = awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID]);
    const entries = decodeAwarenessUpdate(update, 8);
    expect(entries).toEqual([{ clientId: doc.clientID, clock: 1, state: { user: { name: 'Ada', color: '#f00' } } }]);
    expect(encodeAwarenessEntries(entries)).toEqual(update);
    awareness.destroy();
  });

  it('refuses deeply nested states and trailing bytes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = { d: deep };
    const tooDeep = encodeAwarenessEntries([{ clientId: 1, clock: 1, state: deep }]);
    expect(() => decodeAwarenessUpdate(tooDeep, 8)).toThrow(/deep/);
    const ok = encodeAwarenessEntries([{ clientId: 1, clock: 1, state: { a: 1 } }]);
    expect(() => decodeAwarenessUpdate(new Uint8Array([...ok, 7]), 8)).toThrow(/trailing/);
  });
});
