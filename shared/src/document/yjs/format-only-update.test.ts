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

describe('onlyFormatsOf with an object attribute (a commenter may anchor threads on images, videos and cells)', () => {
  const OBJECTS = { attribute: 'commentThreads', nodes: new Set(['image', 'video', 'tableCell', 'tableHeader']) };

  interface Parts {
    image: Y.XmlElement;
    cell: Y.XmlElement;
    paragraph: Y.XmlElement;
  }

  /** A paragraph with an image, and a table cell with stored column widths; what `change` does to a copy. */
  function objects(change: (parts: Parts) => void, before?: (parts: Parts) => void) {
    const server = new Y.Doc();
    const root = server.getXmlFragment('default');
    const build = (doc: Y.Doc): void => {
      const paragraph = new Y.XmlElement('paragraph');
      const image = new Y.XmlElement('image');
      const table = new Y.XmlElement('table');
      const row = new Y.XmlElement('tableRow');
      const cell = new Y.XmlElement('tableCell');
      doc.getXmlFragment('default').insert(0, [paragraph, table]);
      const text = new Y.XmlText();
      paragraph.insert(0, [text, image]);
      text.insert(0, 'Look: ');
      image.setAttribute('src', 'https://example.com/a.png');
      image.setAttribute('width', '300px');
      table.insert(0, [row]);
      row.insert(0, [cell]);
      cell.setAttribute('colwidth', [120] as unknown as string);
      cell.insert(0, [new Y.XmlElement('paragraph')]);
    };
    build(server);
    const parts = (doc: Y.Doc): Parts => {
      const fragment = doc.getXmlFragment('default');
      const paragraph = fragment.get(0) as Y.XmlElement;
      const table = fragment.get(1) as Y.XmlElement;
      const row = table.get(0) as Y.XmlElement;
      return { paragraph, image: paragraph.get(1) as Y.XmlElement, cell: row.get(0) as Y.XmlElement };
    };
    if (before) server.transact(() => before(parts(server)));
    expect(root.length).toBe(2);
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const vector = Y.encodeStateVector(client);
    client.transact(() => change(parts(client)));
    return { server, update: Y.encodeStateAsUpdate(client, vector) };
  }

  const T1 = 'thread-0001';
  const ok = (change: (p: Parts) => void, before?: (p: Parts) => void): boolean => {
    const { server, update } = objects(change, before);
    return onlyFormatsOf(server, update, COMMENT, OBJECTS);
  };

  it('accepts setting, replacing and removing commentThreads of an image and a cell', () => {
    expect(ok((p) => p.image.setAttribute('commentThreads', T1))).toBe(true);
    expect(ok((p) => p.cell.setAttribute('commentThreads', T1))).toBe(true);
    const existing = (p: Parts) => p.image.setAttribute('commentThreads', 'thread-0000');
    expect(ok((p) => p.image.setAttribute('commentThreads', `thread-0000 ${T1}`), existing)).toBe(true);
    expect(ok((p) => p.image.removeAttribute('commentThreads'), existing)).toBe(true);
    // Set twice in one update (the first value is replaced by the update itself).
    expect(
      ok((p) => {
        p.image.setAttribute('commentThreads', T1);
        p.image.setAttribute('commentThreads', `${T1} thread-0002`);
      }),
    ).toBe(true);
  });

  it('accepts another attribute of the cell written again with the value it holds (y-tiptap does so for arrays)', () => {
    expect(
      ok((p) => {
        p.cell.setAttribute('colwidth', [120] as unknown as string);
        p.cell.setAttribute('commentThreads', T1);
      }),
    ).toBe(true);
  });

  it('refuses any other change: another attribute, another element, new content, the attribute without objects', () => {
    for (const change of [
      (p: Parts) => p.image.setAttribute('src', 'https://example.com/b.png'),
      (p: Parts) => {
        p.image.setAttribute('commentThreads', T1);
        p.image.setAttribute('width', '10px');
      },
      (p: Parts) => p.image.removeAttribute('width'),
      (p: Parts) => p.cell.setAttribute('colwidth', [80] as unknown as string),
      (p: Parts) => p.paragraph.setAttribute('commentThreads', T1),
      (p: Parts) => p.paragraph.setAttribute('textAlign', 'center'),
      (p: Parts) => p.cell.insert(1, [new Y.XmlElement('paragraph')]),
      (p: Parts) => {
        const image = new Y.XmlElement('image');
        p.paragraph.insert(2, [image]);
        image.setAttribute('commentThreads', T1);
      },
      (p: Parts) => p.paragraph.delete(1, 1),
    ]) {
      expect(ok(change), String(change)).toBe(false);
    }
    const { server, update } = objects((p) => p.image.setAttribute('commentThreads', T1));
    expect(onlyFormatsOf(server, update, COMMENT)).toBe(false);
  });
});
