import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CommentMarkName as COMMENT_MARK } from '@shared/document/model/comment-model';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, documentText, textOf, typeText, waitSynced } from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

/** The first paragraph's text of a raw client's document. */
const firstText = (doc: Y.Doc): Y.XmlText => textOf(contentOf(doc).get(0) as Y.XmlElement);

/** Thread ids of the comment anchors over the first paragraph's text, in order. */
const anchors = (doc: Y.Doc): string[] =>
  firstText(doc)
    .toDelta()
    .flatMap((op: { attributes?: Record<string, { thread?: string } | undefined> }) =>
      Object.entries(op.attributes ?? {})
        .filter(([key]) => key === COMMENT_MARK || key.startsWith(`${COMMENT_MARK}--`))
        .map(([, value]) => value?.thread ?? ''),
    );

// Issue 28: a commenter link may add and remove comment anchors and nothing else, whatever client it uses.
describe('a commenter link on the collaboration socket (raw y-websocket clients)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds and removes a comment anchor, which every client sees', async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    typeText(editor.doc, 0, 'Commented text');
    const commenter = connectClient(server.collabUrl, created.id, created.commenterToken);
    await waitSynced(commenter);
    await retryUntil(() => expect(documentText(commenter.doc)).toBe('Commented text'));

    firstText(commenter.doc).format(0, 9, { [COMMENT_MARK]: { thread: 'thread-0001' } });
    await retryUntil(() => expect(anchors(editor.doc)).toEqual(['thread-0001']));
    firstText(commenter.doc).format(0, 9, { [COMMENT_MARK]: null });
    await retryUntil(() => expect(anchors(editor.doc)).toEqual([]));
    expect(commenter.closeCodes).toEqual([]);
    expect(documentText(editor.doc)).toBe('Commented text');
    editor.destroy();
    commenter.destroy();
  });

  it('refuses text, other marks and deletions with 4415 and applies none of them', async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    typeText(editor.doc, 0, 'Keep this');
    const attempts: ((doc: Y.Doc) => void)[] = [
      (doc) => typeText(doc, 0, 'EVIL '),
      (doc) => firstText(doc).delete(0, 4),
      (doc) => firstText(doc).format(0, 4, { bold: {} }),
      (doc) => firstText(doc).format(0, 4, { [COMMENT_MARK]: { thread: 'thread-0002' }, italic: {} }),
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
    expect(documentText(editor.doc)).toBe('Keep this');
    expect(firstText(editor.doc).toDelta()).toEqual([{ insert: 'Keep this' }]);
    const fresh = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(fresh);
    await retryUntil(() => expect(firstText(fresh.doc).toDelta()).toEqual([{ insert: 'Keep this' }]));
    editor.destroy();
    fresh.destroy();
  });
});
