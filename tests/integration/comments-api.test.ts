import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import {
  COMMENT_AUTHOR_HEADER,
  COMMENTS_MESSAGE_TYPE,
  type CommentThread,
  type CreateThreadBody,
} from '@shared/api/comments';
import type { CreatedDocument } from '@shared/api/documents';
import { CloseCode } from '@shared/collab/close-codes';
import { CommentLimits, DocumentLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { openCommentsSocket } from '../helpers/comments-socket';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const ADA = 'a'.repeat(40);
const BO = 'b'.repeat(40);
const ada = { name: 'Ada', color: '#1971C2' };
const bo = { name: 'Bo', color: '#e03131' };
let nextId = 0;
const threadId = (): string => `thread-${String(++nextId).padStart(4, '0')}`;

interface Answer<T> {
  status: number;
  body: T;
  code: string | undefined;
}

/** A request to the comments API as `key`'s author (no header when undefined). */
async function call<T = CommentThread>(
  server: TestServer,
  method: string,
  path: string,
  opts: { token: string; key?: string; body?: unknown },
): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.key !== undefined) headers[COMMENT_AUTHOR_HEADER] = opts.key;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as T;
  const code = (body as { code?: string } | null)?.code;
  return { status: res.status, body, code };
}

const base = (doc: CreatedDocument): string => `/api/documents/${doc.id}/comments`;

describe('comments API', () => {
  let server: TestServer;

  const open = (doc: CreatedDocument, body: Partial<CreateThreadBody> = {}, key = ADA) =>
    call(server, 'POST', base(doc), {
      token: doc.editorToken,
      key,
      body: { id: threadId(), quote: 'the quote', body: 'First!', author: ada, ...body },
    });
  const reply = (doc: CreatedDocument, thread: string, text: string, key = BO, author = bo) =>
    call(server, 'POST', `${base(doc)}/${thread}/replies`, {
      token: doc.editorToken,
      key,
      body: { body: text, author },
    });

  beforeAll(async () => {
    // Far above what the tests send: only the rate-limit test (its own server) reaches a limit.
    server = await startServer({ TANDEM_RATE_COMMENT_PER_IP: '100000', TANDEM_RATE_COMMENT_PER_TOKEN: '100000' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('opens a thread, replies, lists them in order and answers `mine` per author key', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    const created = await open(doc, { id, quote: '  anchored\r\ntext ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id,
      quote: 'anchored\ntext',
      resolved: false,
      resolvedBy: null,
      resolvedAt: null,
      comments: [{ author: { name: 'Ada', color: '#1971c2' }, body: 'First!', editedAt: null, mine: true }],
    });
    const answered = await reply(doc, id, ' Second\n\n\n\n\nline ');
    expect(answered.status).toBe(201);
    expect(answered.body.comments.map((c) => [c.body, c.mine])).toEqual([
      ['First!', false],
      ['Second\n\n\nline', true],
    ]);
    const other = await open(doc);
    expect(other.status).toBe(201);

    const asAda = await call<CommentThread[]>(server, 'GET', base(doc), { token: doc.viewerToken, key: ADA });
    expect(asAda.status).toBe(200);
    expect(asAda.body.map((t) => t.id)).toEqual([id, other.body.id]);
    expect(asAda.body[0]?.comments.map((c) => c.mine)).toEqual([true, false]);
    // No key (or a malformed one) on a read: nothing is mine, and the read still works.
    for (const key of [undefined, 'short']) {
      const anon = await call<CommentThread[]>(server, 'GET', base(doc), { token: doc.viewerToken, key });
      expect(anon.status).toBe(200);
      expect(anon.body.flatMap((t) => t.comments.map((c) => c.mine))).toEqual([false, false, false]);
    }
    const one = await call(server, 'GET', `${base(doc)}/${id}`, { token: doc.viewerToken, key: BO });
    expect(one.body.comments.map((c) => c.mine)).toEqual([false, true]);
    // Neither the key nor its hash is ever answered.
    expect(JSON.stringify(asAda.body)).not.toContain(ADA);
  });

  it('lets only its author edit a comment', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    await open(doc, { id });
    const { body } = await reply(doc, id, 'typo');
    const replyId = body.comments[1]?.id ?? '';
    const path = `${base(doc)}/${id}/replies/${replyId}`;
    const refused = await call(server, 'PATCH', path, { token: doc.editorToken, key: ADA, body: { body: 'mine now' } });
    expect([refused.status, refused.code]).toEqual([403, 'COMMENT_NOT_YOURS']);
    const edited = await call(server, 'PATCH', path, { token: doc.editorToken, key: BO, body: { body: 'fixed' } });
    expect(edited.status).toBe(200);
    expect(edited.body.comments[1]).toMatchObject({ body: 'fixed', mine: true });
    expect(edited.body.comments[1]?.editedAt).toBeGreaterThanOrEqual(edited.body.comments[1]?.createdAt ?? Infinity);
    // The opening comment is edited the same way, by its author.
    const firstId = body.comments[0]?.id ?? '';
    const first = await call(server, 'PATCH', `${base(doc)}/${id}/replies/${firstId}`, {
      token: doc.editorToken,
      key: ADA,
      body: { body: 'First, edited' },
    });
    expect(first.body.comments[0]?.body).toBe('First, edited');
    const missing = await call(server, 'PATCH', `${base(doc)}/${id}/replies/nosuchcomment`, {
      token: doc.editorToken,
      key: BO,
      body: { body: 'x' },
    });
    expect([missing.status, missing.code]).toEqual([404, 'COMMENT_NOT_FOUND']);
  });

  it('resolves with who did it and reopens', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    await open(doc, { id });
    const path = `${base(doc)}/${id}`;
    const resolved = await call(server, 'PATCH', path, {
      token: doc.editorToken,
      key: BO,
      body: { resolved: true, author: bo },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ resolved: true, resolvedBy: bo });
    expect(resolved.body.resolvedAt).toBeGreaterThan(0);
    const reopened = await call(server, 'PATCH', path, {
      token: doc.editorToken,
      key: ADA,
      body: { resolved: false, author: ada },
    });
    expect(reopened.body).toMatchObject({ resolved: false, resolvedBy: null, resolvedAt: null });
    const unknown = await call(server, 'PATCH', `${base(doc)}/nosuchthread`, {
      token: doc.editorToken,
      key: ADA,
      body: { resolved: true, author: ada },
    });
    expect([unknown.status, unknown.code]).toEqual([404, 'COMMENT_THREAD_NOT_FOUND']);
  });

  it('deletes a reply and a thread (an editor link may delete anyone’s)', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    const { body: thread } = await open(doc, { id });
    const { body } = await reply(doc, id, 'to delete');
    const replyId = body.comments[1]?.id ?? '';
    // The opening comment goes only with its thread.
    const firstId = thread.comments[0]?.id ?? '';
    const opening = await call(server, 'DELETE', `${base(doc)}/${id}/replies/${firstId}`, {
      token: doc.editorToken,
      key: ADA,
    });
    expect([opening.status, opening.code]).toEqual([400, 'BAD_REQUEST']);
    const gone = await call(server, 'DELETE', `${base(doc)}/${id}/replies/${replyId}`, {
      token: doc.editorToken,
      key: ADA,
    });
    expect(gone.status).toBe(200);
    expect(gone.body.comments).toHaveLength(1);
    const again = await call(server, 'DELETE', `${base(doc)}/${id}/replies/${replyId}`, {
      token: doc.editorToken,
      key: ADA,
    });
    expect([again.status, again.code]).toEqual([404, 'COMMENT_NOT_FOUND']);
    const deleted = await call(server, 'DELETE', `${base(doc)}/${id}`, { token: doc.editorToken, key: BO });
    expect(deleted.status).toBe(204);
    const read = await call(server, 'GET', `${base(doc)}/${id}`, { token: doc.viewerToken });
    expect([read.status, read.code]).toEqual([404, 'COMMENT_THREAD_NOT_FOUND']);
    const twice = await call(server, 'DELETE', `${base(doc)}/${id}`, { token: doc.editorToken, key: BO });
    expect([twice.status, twice.code]).toEqual([404, 'COMMENT_THREAD_NOT_FOUND']);
  });

  it('lets a viewer read but refuses its changes with 403, and needs an author key on every change', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    await open(doc, { id });
    const viewer = { token: doc.viewerToken, key: BO };
    const writes = [
      await call(server, 'POST', base(doc), { ...viewer, body: { id: threadId(), quote: '', body: 'x', author: bo } }),
      await call(server, 'POST', `${base(doc)}/${id}/replies`, { ...viewer, body: { body: 'x', author: bo } }),
      await call(server, 'PATCH', `${base(doc)}/${id}`, { ...viewer, body: { resolved: true, author: bo } }),
      await call(server, 'DELETE', `${base(doc)}/${id}`, viewer),
    ];
    expect(writes.map((w) => [w.status, w.code])).toEqual(Array(4).fill([403, 'FORBIDDEN']));
    const read = await call<CommentThread[]>(server, 'GET', base(doc), viewer);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(1);

    for (const key of [undefined, 'short', `${'x'.repeat(40)}!`]) {
      const answer = await call(server, 'POST', `${base(doc)}/${id}/replies`, {
        token: doc.editorToken,
        key,
        body: { body: 'who am I', author: bo },
      });
      expect([answer.status, answer.code]).toEqual([400, 'COMMENT_AUTHOR_REQUIRED']);
    }
    const noKey = await call(server, 'DELETE', `${base(doc)}/${id}`, { token: doc.editorToken });
    expect([noKey.status, noKey.code]).toEqual([400, 'COMMENT_AUTHOR_REQUIRED']);
    const noLink = await call(server, 'GET', base(doc), { token: 'nope' });
    expect(noLink.status).toBe(401);
  });

  it('refuses empty, too long and malformed comments with typed codes', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    await open(doc, { id });
    for (const text of ['', '   \n\t ', '\u0000\u0007', 'x'.repeat(CommentLimits.maxBodyChars + 1)]) {
      const answer = await reply(doc, id, text);
      expect([answer.status, answer.code]).toEqual([400, 'COMMENT_BODY_INVALID']);
    }
    const notText = await call(server, 'POST', `${base(doc)}/${id}/replies`, {
      token: doc.editorToken,
      key: BO,
      body: { body: 42, author: bo },
    });
    expect([notText.status, notText.code]).toEqual([400, 'COMMENT_BODY_INVALID']);
    const badColor = await reply(doc, id, 'ok', BO, { name: 'Bo', color: 'red' });
    expect([badColor.status, badColor.code]).toEqual([400, 'VALIDATION_FAILED']);
    const blankName = await reply(doc, id, 'ok', BO, { name: ' \u0001 ', color: '#000000' });
    expect([blankName.status, blankName.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badId = await open(doc, { id: 'no spaces allowed' });
    expect([badId.status, badId.code]).toEqual([400, 'VALIDATION_FAILED']);
    const extra = await call(server, 'POST', `${base(doc)}/${id}/replies`, {
      token: doc.editorToken,
      key: BO,
      body: { body: 'ok', author: bo, mine: true },
    });
    expect(extra.status).toBe(400);
    // A long quote is cut, not refused.
    const quoted = await open(doc, { quote: 'q'.repeat(CommentLimits.maxQuoteChars) });
    expect(quoted.body.quote).toHaveLength(CommentLimits.maxQuoteChars);
    const taken = await open(doc, { id });
    expect([taken.status, taken.code]).toEqual([409, 'COMMENT_THREAD_EXISTS']);
  });

  it('refuses a thread beyond the document’s limit and a reply beyond the thread’s', async () => {
    const doc = await createDoc(server.url);
    const { comments } = server.app.store;
    const row = (i: number, threadId: string) => ({
      id: `c${String(i).padStart(8, '0')}`,
      docId: doc.id,
      threadId,
      authorName: 'Filler',
      authorColor: '#000000',
      authorKeyHash: '0'.repeat(64),
      body: 'filler',
      createdAt: i,
      editedAt: null,
    });
    // Filled through the store (the API would take thousands of requests), up to one below each limit.
    for (let i = 0; i < CommentLimits.maxThreadsPerDocument - 1; i++) {
      const t = `t${String(i).padStart(8, '0')}`;
      await comments.createThread({ id: t, docId: doc.id, quote: '', createdAt: i, first: row(i, t) }, Infinity);
    }
    const last = await open(doc);
    expect(last.status).toBe(201);
    const over = await open(doc);
    expect([over.status, over.code]).toEqual([409, 'COMMENT_LIMIT_REACHED']);

    const id = last.body.id;
    for (let i = 1; i < CommentLimits.maxCommentsPerThread - 1; i++)
      await comments.addComment(row(10_000 + i, id), Infinity);
    expect((await reply(doc, id, 'the last one')).status).toBe(201);
    const full = await reply(doc, id, 'one too many');
    expect([full.status, full.code]).toEqual([409, 'COMMENT_LIMIT_REACHED']);
    const unknown = await reply(doc, 'nosuchthread', 'x');
    expect([unknown.status, unknown.code]).toEqual([404, 'COMMENT_THREAD_NOT_FOUND']);
  });

  it('closes comments with the document and deletes its threads when the trash is purged', async () => {
    const doc = await createDoc(server.url);
    const id = threadId();
    await open(doc, { id });
    const trashed = await call(server, 'DELETE', `/api/documents/${doc.id}`, { token: doc.editorToken });
    expect(trashed.status).toBe(200);
    const read = await call(server, 'GET', base(doc), { token: doc.viewerToken });
    expect([read.status, read.code]).toEqual([410, 'DOC_DELETED']);
    const days = DocumentLimits.trashRetentionDays + 1;
    await server.app.store.documents.setDeleted(doc.id, Date.now() - days * 24 * 3600 * 1000);
    const purged = await server.app.store.documents.purgeDeletedBefore(
      Date.now() - DocumentLimits.trashRetentionDays * 24 * 3600 * 1000,
    );
    expect(purged).toContain(doc.id);
    expect(await server.app.store.comments.list(doc.id)).toEqual([]);
  });

  it('announces every change to the document’s connections, and never relays a client’s comments frame', async () => {
    const doc = await createDoc(server.url);
    const [reader, forger] = await Promise.all([
      openCommentsSocket(server.collabUrl, doc.id, doc.viewerToken),
      openCommentsSocket(server.collabUrl, doc.id, doc.editorToken),
    ]);
    try {
      // A hostile peer forges an event: its connection is refused and nobody hears of it.
      const forged = encoding.createEncoder();
      encoding.writeVarUint(forged, COMMENTS_MESSAGE_TYPE);
      encoding.writeVarString(forged, JSON.stringify({ threadId: 'forged-thread', deleted: true }));
      forger.ws.send(encoding.toUint8Array(forged));
      await retryUntil(() => expect(forger.closeCode).toBe(CloseCode.MALFORMED_MESSAGE.code));

      const id = threadId();
      await open(doc, { id });
      await retryUntil(() => expect(reader.events).toEqual([{ threadId: id }]));
      const { body } = await reply(doc, id, 'live');
      await call(server, 'PATCH', `${base(doc)}/${id}`, {
        token: doc.editorToken,
        key: BO,
        body: { resolved: true, author: bo },
      });
      await call(server, 'DELETE', `${base(doc)}/${id}/replies/${body.comments[1]?.id ?? ''}`, {
        token: doc.editorToken,
        key: ADA,
      });
      await call(server, 'DELETE', `${base(doc)}/${id}`, { token: doc.editorToken, key: ADA });
      await retryUntil(() =>
        expect(reader.events).toEqual([
          { threadId: id },
          { threadId: id },
          { threadId: id },
          { threadId: id },
          { threadId: id, deleted: true },
        ]),
      );
      // A refused change announces nothing.
      await reply(doc, id, 'to a deleted thread');
      await sleep(100);
      expect(reader.events).toHaveLength(5);
    } finally {
      reader.close();
      forger.close();
    }
  });
});

describe('comments rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_RATE_COMMENT_PER_TOKEN: '3' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts changes per link and answers 429 RATE_LIMITED beyond it; reads are not counted', async () => {
    const doc = await createDoc(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await call(server, 'POST', base(doc), {
        token: doc.editorToken,
        key: ADA,
        body: { id: threadId(), quote: '', body: `n${i}`, author: ada },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const read = await call<CommentThread[]>(server, 'GET', base(doc), { token: doc.editorToken });
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(3);
  });
});
