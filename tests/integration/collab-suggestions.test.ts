import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { CommentMarkName } from '@shared/document/model/comment-model';
import { DeletionMarkName, InsertionMarkName } from '@shared/document/model/suggestion-model';
import { SuggestionLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, documentText, textOf, typeText, waitSynced } from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const ID = 'sugg_0123456789ab';

/** The first paragraph's text of a raw client's document. */
const firstText = (doc: Y.Doc): Y.XmlText => textOf(contentOf(doc).get(0) as Y.XmlElement);
const deltaOf = (doc: Y.Doc): unknown => firstText(doc).toDelta();

// Issue 28: suggestions are marks of the shared document. An editor's client stores them (the guard checks their
// id and author); a commenter's client may not make any (only comment anchors), whatever client it uses.
describe('suggestion marks on the collaboration socket (raw y-websocket clients)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a commenter’s insertion or deletion mark with 4415 and applies none of them', async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    typeText(editor.doc, 0, 'Keep this');
    const suggestion = { id: ID, author: 'Eve' };
    const attempts: ((doc: Y.Doc) => void)[] = [
      (doc) => firstText(doc).format(0, 4, { [DeletionMarkName]: suggestion }),
      (doc) => firstText(doc).format(0, 4, { [InsertionMarkName]: suggestion }),
      (doc) =>
        firstText(doc).format(0, 4, { [CommentMarkName]: { thread: 'thread-0003' }, [DeletionMarkName]: suggestion }),
      (doc) => firstText(doc).insert(9, ' too', { [InsertionMarkName]: suggestion }),
    ];
    for (const attempt of attempts) {
      const commenter = connectClient(server.collabUrl, created.id, created.commenterToken);
      await waitSynced(commenter);
      commenter.provider.shouldConnect = false;
      attempt(commenter.doc);
      await retryUntil(() => expect(commenter.closeCodes).toContain(CloseCode.INVALID_UPDATE.code));
      commenter.destroy();
    }
    await sleep(50);
    expect(deltaOf(editor.doc)).toEqual([{ insert: 'Keep this' }]);
    const fresh = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(fresh);
    await retryUntil(() => expect(deltaOf(fresh.doc)).toEqual([{ insert: 'Keep this' }]));
    editor.destroy();
    fresh.destroy();
  });

  it('relays and stores an editor’s valid suggestions; refuses malformed ones, stores nothing of them, others go on', async () => {
    // A server of its own on a data directory of the test's, started again below.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-test-'));
    let server = await startServer({}, dataDir);
    const created = await createDoc(server.url);
    const a = connectClient(server.collabUrl, created.id, created.editorToken);
    const b = connectClient(server.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(a), waitSynced(b)]);
    typeText(a.doc, 0, 'Hello world');
    await retryUntil(() => expect(documentText(b.doc)).toBe('Hello world'));

    // A suggests: "Hello" deleted, " big" inserted (the text of a suggested insertion is in the document).
    a.doc.transact(() => {
      firstText(a.doc).format(0, 5, { [DeletionMarkName]: { id: ID, author: 'Ada' } });
      firstText(a.doc).insert(5, ' big', { [InsertionMarkName]: { id: ID, author: 'Ada' } });
    });
    const expected = [
      { insert: 'Hello', attributes: { [DeletionMarkName]: { id: ID, author: 'Ada' } } },
      { insert: ' big', attributes: { [InsertionMarkName]: { id: ID, author: 'Ada' } } },
      { insert: ' world' },
    ];
    await retryUntil(() => expect(deltaOf(b.doc)).toEqual(expected));
    expect(a.closeCodes).toEqual([]);

    const malformed: ((doc: Y.Doc) => void)[] = [
      (doc) => firstText(doc).format(6, 5, { [DeletionMarkName]: { id: 'bad id!', author: 'Mallory' } }),
      (doc) => firstText(doc).format(6, 5, { [DeletionMarkName]: { id: 42, author: 'Mallory' } }),
      (doc) => firstText(doc).format(6, 5, { [InsertionMarkName]: { id: ID, author: 'Mal\u202Elory' } }),
      (doc) => firstText(doc).format(6, 5, { [InsertionMarkName]: { id: ID, author: 'Mal\u0000lory' } }),
      (doc) =>
        firstText(doc).format(6, 5, {
          [InsertionMarkName]: { id: ID, author: 'm'.repeat(SuggestionLimits.maxAuthorNameChars + 1) },
        }),
      (doc) => firstText(doc).format(6, 5, { [InsertionMarkName]: { id: ID, author: 'M', onclick: 'x' } }),
      (doc) => firstText(doc).insert(0, 'EVIL', { [InsertionMarkName]: { author: 'Mallory' } }),
    ];
    for (const attempt of malformed) {
      const mallory = connectClient(server.collabUrl, created.id, created.editorToken);
      await waitSynced(mallory);
      mallory.provider.shouldConnect = false;
      attempt(mallory.doc);
      await retryUntil(() => expect(mallory.closeCodes).toContain(CloseCode.INVALID_UPDATE.code));
      mallory.destroy();
    }
    await sleep(50);
    expect(deltaOf(a.doc)).toEqual(expected);
    expect(deltaOf(b.doc)).toEqual(expected);

    // The others keep working: B types, A sees it.
    typeText(b.doc, 0, '> ');
    await retryUntil(() => expect(documentText(a.doc)).toBe('> Hello big world'));
    expect([...a.closeCodes, ...b.closeCodes]).toEqual([]);
    a.destroy();
    b.destroy();

    // Stored: after a restart on the same data, a new client reads the suggestions back.
    await server.close();
    server = await startServer({}, dataDir);
    const fresh = connectClient(server.collabUrl, created.id, created.viewerToken);
    await waitSynced(fresh);
    await retryUntil(() =>
      expect(deltaOf(fresh.doc)).toEqual([
        { insert: '> ' },
        { insert: 'Hello', attributes: { [DeletionMarkName]: { id: ID, author: 'Ada' } } },
        { insert: ' big', attributes: { [InsertionMarkName]: { id: ID, author: 'Ada' } } },
        { insert: ' world' },
      ]),
    );
    fresh.destroy();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
