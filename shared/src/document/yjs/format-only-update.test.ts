import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { markNameOfFormatKey, onlyFormatsOf } from './format-only-update';

const COMMENT = new Set(['comment']);
const anchor = { thread: 'thread-0001' };

/** A document with one paragraph of bold-and-plain text, and what `change` does to a copy of it, as an update. */
function scenario(change: (text: Y.XmlText) => void): { server: Y.Doc; update: Uint8Array } {
  const server = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  server.getXmlFragment('default').insert(0, [paragraph]);
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  text.insert(0, 'Hello ', { bold: {} });
  text.insert(6, 'world', {});
  text.format(0, 5, { comment: { thread: 'thread-old1' } });
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const before = Y.encodeStateVector(client);
  const clientText = (client.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
  client.transact(() => change(clientText));
  return { server, update: Y.encodeStateAsUpdate(client, before) };
}

describe('onlyFormatsOf (a commenter may only add or remove comment anchors)', () => {
  it('accepts adding and removing a comment mark, plain and in its hashed (overlapping) form', () => {
    for (const change of [
      (t: Y.XmlText) => t.format(6, 5, { comment: anchor }),
      (t: Y.XmlText) => t.format(2, 7, { 'comment--AbC+/12=': anchor }),
      (t: Y.XmlText) => t.format(0, 5, { comment: null }),
    ]) {
      const { server, update } = scenario(change);
      expect(onlyFormatsOf(server, update, COMMENT)).toBe(true);
    }
  });

  it('refuses text, other marks, removing other marks, deletions and undecodable bytes', () => {
    for (const change of [
      (t: Y.XmlText) => t.insert(3, 'x'),
      (t: Y.XmlText) => t.delete(0, 2),
      (t: Y.XmlText) => t.format(6, 5, { bold: {} }),
      (t: Y.XmlText) => t.format(0, 6, { bold: null }),
      (t: Y.XmlText) => t.format(6, 5, { comment: anchor, italic: {} }),
      (t: Y.XmlText) => t.format(6, 5, { 'commentary--AbC+/12=': anchor }),
      (t: Y.XmlText) => t.parent instanceof Y.XmlElement && t.parent.setAttribute('textAlign', 'center'),
    ]) {
      const { server, update } = scenario(change);
      expect(onlyFormatsOf(server, update, COMMENT), String(change)).toBe(false);
    }
    expect(onlyFormatsOf(new Y.Doc(), new Uint8Array([1, 2, 3, 250]), COMMENT)).toBe(false);
  });

  it('refuses a suggestion from a commenter: an insertion or deletion mark, alone or beside a comment anchor', () => {
    const suggestion = { id: 'sugg_0123456789ab', author: 'Eve' };
    for (const change of [
      (t: Y.XmlText) => t.format(6, 5, { deletion: suggestion }),
      (t: Y.XmlText) => t.format(6, 5, { insertion: suggestion }),
      (t: Y.XmlText) => t.format(6, 5, { comment: anchor, deletion: suggestion }),
      (t: Y.XmlText) => t.format(6, 5, { 'deletion--AbC+/12=': suggestion }),
      (t: Y.XmlText) => t.insert(11, '\u200B', { insertion: suggestion }),
    ]) {
      const { server, update } = scenario(change);
      expect(onlyFormatsOf(server, update, COMMENT), String(change)).toBe(false);
    }
  });

  it('names the mark of a hashed formatting key', () => {
    expect(markNameOfFormatKey('comment--AbC+/12=')).toBe('comment');
    expect(markNameOfFormatKey('comment')).toBe('comment');
    expect(markNameOfFormatKey('bold')).toBe('bold');
  });
});
