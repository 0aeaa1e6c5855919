import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const SRC = 'https://example.com/cat.png';

/** The first paragraph's image and the first table's first cell of a raw client's document. */
function objects(doc: Y.Doc): { image: Y.XmlElement; cell: Y.XmlElement } {
  const content = contentOf(doc);
  const paragraph = content.get(0) as Y.XmlElement;
  const table = content.get(1) as Y.XmlElement;
  return {
    image: paragraph.get(1) as Y.XmlElement,
    cell: (table.get(0) as Y.XmlElement).get(0) as Y.XmlElement,
  };
}

/** Writes "Look: [image]" and a one-cell table (with stored column widths) as an editor. */
function writeObjects(doc: Y.Doc): void {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    const table = new Y.XmlElement('table');
    contentOf(doc).insert(0, [paragraph, table]);
    const text = new Y.XmlText();
    const image = new Y.XmlElement('image');
    paragraph.insert(0, [text, image]);
    text.insert(0, 'Look: ');
    image.setAttribute('src', SRC);
    image.setAttribute('width', '300px');
    const row = new Y.XmlElement('tableRow');
    const cell = new Y.XmlElement('tableCell');
    table.insert(0, [row]);
    row.insert(0, [cell]);
    cell.setAttribute('colwidth', [120] as unknown as string);
    const cellParagraph = new Y.XmlElement('paragraph');
    cell.insert(0, [cellParagraph]);
    const cellText = new Y.XmlText();
    cellParagraph.insert(0, [cellText]);
    cellText.insert(0, 'Cell');
  });
}

/** The attributes of the image and cell as a client sees them. */
const attributesOf = (client: Client) => {
  const { image, cell } = objects(client.doc);
  return { image: image.getAttributes(), cell: cell.getAttributes() };
};

// Issue 28: comments on an image, a video or a table cell alone are anchored by their `commentThreads`
// attribute, which a commenter link may set (and nothing else of those objects).
describe('a commenter link and the comment anchors of objects (raw y-websocket clients)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("sets and removes an image's and a cell's commentThreads, relayed and stored", async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    writeObjects(editor.doc);
    const commenter = connectClient(server.collabUrl, created.id, created.commenterToken);
    await waitSynced(commenter);
    await retryUntil(() => expect(attributesOf(commenter).image.src).toBe(SRC));

    objects(commenter.doc).image.setAttribute('commentThreads', 'thread-0001');
    commenter.doc.transact(() => {
      // y-tiptap writes a cell's column widths again (same value) whenever the cell changes.
      const { cell } = objects(commenter.doc);
      cell.setAttribute('colwidth', [120] as unknown as string);
      cell.setAttribute('commentThreads', 'thread-0002 thread-0003');
    });
    await retryUntil(() =>
      expect(attributesOf(editor)).toMatchObject({
        image: { commentThreads: 'thread-0001', src: SRC, width: '300px' },
        cell: { commentThreads: 'thread-0002 thread-0003', colwidth: [120] },
      }),
    );
    objects(commenter.doc).cell.removeAttribute('commentThreads');
    await retryUntil(() => expect(attributesOf(editor).cell.commentThreads).toBeUndefined());
    expect(commenter.closeCodes).toEqual([]);

    const fresh = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(fresh);
    await retryUntil(() => expect(attributesOf(fresh).image.commentThreads).toBe('thread-0001'));
    editor.destroy();
    commenter.destroy();
    fresh.destroy();
  });

  it('refuses any other change of the objects with 4415, alone or beside the anchor, and stores none', async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    writeObjects(editor.doc);
    const before = attributesOf(editor);
    const attempts: ((doc: Y.Doc) => void)[] = [
      (doc) => objects(doc).image.setAttribute('src', 'https://example.com/evil.png'),
      (doc) => objects(doc).image.setAttribute('width', '10px'),
      (doc) =>
        doc.transact(() => {
          objects(doc).image.setAttribute('commentThreads', 'thread-0004');
          objects(doc).image.setAttribute('width', '10px');
        }),
      (doc) => objects(doc).cell.setAttribute('colwidth', [80] as unknown as string),
      (doc) => (contentOf(doc).get(0) as Y.XmlElement).setAttribute('commentThreads', 'thread-0005'),
    ];
    for (const attempt of attempts) {
      const commenter = connectClient(server.collabUrl, created.id, created.commenterToken);
      await waitSynced(commenter);
      await retryUntil(() => expect(attributesOf(commenter).image.src).toBe(SRC));
      commenter.provider.shouldConnect = false;
      attempt(commenter.doc);
      await retryUntil(() => expect(commenter.closeCodes).toContain(CloseCode.INVALID_UPDATE.code));
      commenter.destroy();
    }
    await sleep(50);
    const fresh = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(fresh);
    await retryUntil(() => expect(attributesOf(fresh).image.src).toBe(SRC));
    expect(attributesOf(fresh)).toEqual(before);
    expect(attributesOf(editor)).toEqual(before);
    editor.destroy();
    fresh.destroy();
  });

  it("refuses a malformed commentThreads from an editor (the model's guard)", async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    writeObjects(editor.doc);
    const other = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(other);
    await retryUntil(() => expect(attributesOf(other).image.src).toBe(SRC));
    other.provider.shouldConnect = false;
    objects(other.doc).image.setAttribute('commentThreads', 'thread-0001 thread-0001');
    await retryUntil(() => expect(other.closeCodes).toContain(CloseCode.INVALID_UPDATE.code));
    other.destroy();
    await sleep(50);
    expect(attributesOf(editor).image.commentThreads).toBeUndefined();
    editor.destroy();
  });
});
