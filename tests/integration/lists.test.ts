import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedList, ListItem, ListResponse } from '@shared/api/lists';
import { errorBody } from '@shared/errors';
import { ListLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, openDocument, startServer, type TestServer } from '../helpers/start-server';

const UNAUTHORIZED = errorBody('LIST_UNAUTHORIZED');
const ITEM_INVALID = errorBody('LIST_ITEM_INVALID');

async function createList(server: TestServer): Promise<CreatedList> {
  const res = await api(server.url, 'POST', '/api/lists');
  expect(res.status).toBe(201);
  return res.body as unknown as CreatedList;
}

const getList = (server: TestServer, id: string, token?: string) =>
  api(server.url, 'GET', `/api/lists/${id}`, { token });
const putItem = (server: TestServer, list: CreatedList, docId: string, docToken: string, listToken = list.token) =>
  api(server.url, 'PUT', `/api/lists/${list.id}/items/${docId}`, { token: listToken, body: { token: docToken } });

/** A raw request (headers and body exactly as given). */
async function raw(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('"My documents" lists', () => {
  let server: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    // Every test here creates lists from one address.
    server = await startServer({ TANDEM_RATE_LIST_CREATE_PER_IP: '1000' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.destroy();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a list: an id, a list token of its own kind and a link with the token in the fragment', async () => {
    const res = await api(server.url, 'POST', '/api/lists');
    expect(res.status).toBe(201);
    const list = res.body as unknown as CreatedList;
    expect(list.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(list.token).toMatch(new RegExp(`^v1\\.${list.id}\\.l\\.[A-Za-z0-9_-]+$`));
    expect(list.url).toBe(`${server.url}/l/${list.id}#token=${encodeURIComponent(list.token)}`);
    const empty = await getList(server, list.id, list.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ id: list.id, items: [], maxItems: ListLimits.maxItems });
  });

  it('adds documents with their tokens, and lists them with role, title, last change and trash state', async () => {
    const list = await createList(server);
    const a = await createDoc(server.url, 'Alpha');
    const b = await createDoc(server.url, 'Beta');
    const added = await putItem(server, list, a.id, a.editorToken);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: a.id,
      token: a.editorToken,
      role: 'editor',
      title: 'Alpha',
      deleted: false,
    });
    expect((await putItem(server, list, b.id, b.viewerToken)).status).toBe(201);

    const res = await raw(server, 'GET', `/api/lists/${list.id}`, { authorization: `Bearer ${list.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(res.text) as ListResponse;
    expect(body.items.map((i) => [i.id, i.role, i.title, i.token])).toEqual([
      [b.id, 'viewer', 'Beta', b.viewerToken],
      [a.id, 'editor', 'Alpha', a.editorToken],
    ]);
    const meta = await api(server.url, 'GET', `/api/documents/${a.id}`, { token: a.editorToken });
    expect(body.items[1]?.updatedAt).toBe(meta.body.updatedAt);
    expect(body.items[1]?.present).toEqual({ count: 0, names: [] });

    // Trash and restore through the documents plugin show in the list.
    expect((await api(server.url, 'DELETE', `/api/documents/${a.id}`, { token: a.editorToken })).status).toBe(200);
    let items = ((await getList(server, list.id, list.token)).body as unknown as ListResponse).items;
    expect(items.find((i) => i.id === a.id)?.deleted).toBe(true);
    await api(server.url, 'POST', `/api/documents/${a.id}/restore`, { token: a.editorToken });
    items = ((await getList(server, list.id, list.token)).body as unknown as ListResponse).items;
    expect(items.find((i) => i.id === a.id)?.deleted).toBe(false);
  });

  it('keeps an editor token over a viewer token of the same document, and takes an editor token over a viewer one', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Both');
    await putItem(server, list, doc.id, doc.editorToken);
    const again = await putItem(server, list, doc.id, doc.viewerToken);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ role: 'editor', token: doc.editorToken });

    const other = await createDoc(server.url, 'Up');
    await putItem(server, list, other.id, other.viewerToken);
    expect((await putItem(server, list, other.id, other.editorToken)).body).toMatchObject({ role: 'editor' });
  });

  it('says who is in a document now: the distinct names from presence and how many', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Busy');
    await putItem(server, list, doc.id, doc.editorToken);
    // Ada twice (two tabs) counts once.
    for (const name of ['Ada', 'Grace', 'Ada']) {
      const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
      clients.push(client);
      await waitSynced(client);
      client.provider.awareness.setLocalState({ user: { name, color: '#123456' } });
    }
    await retryUntil(async () => {
      const open = await openDocument(server, doc.id);
      expect([...(open?.awareness.getStates().values() ?? [])].filter((st) => 'user' in st)).toHaveLength(3);
    });
    const items = ((await getList(server, list.id, list.token)).body as unknown as ListResponse).items;
    const present = items[0]?.present;
    expect(present?.count).toBe(2);
    expect([...(present?.names ?? [])].sort()).toEqual(['Ada', 'Grace']);

    for (const c of clients.splice(0)) c.destroy();
    await retryUntil(async () => {
      const items = ((await getList(server, list.id, list.token)).body as unknown as ListResponse).items;
      expect(items[0]?.present).toEqual({ count: 0, names: [] });
    });
  });

  it('removes a document from the list (twice is fine)', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Gone soon');
    await putItem(server, list, doc.id, doc.editorToken);
    const path = `/api/lists/${list.id}/items/${doc.id}`;
    expect((await api(server.url, 'DELETE', path, { token: list.token })).status).toBe(204);
    expect((await api(server.url, 'DELETE', path, { token: list.token })).status).toBe(204);
    expect(((await getList(server, list.id, list.token)).body as unknown as ListResponse).items).toEqual([]);
  });

  it('refuses a missing, malformed, document or other list token with one answer, whether the list exists or not', async () => {
    const list = await createList(server);
    const other = await createList(server);
    const doc = await createDoc(server.url, 'Secret title');
    await putItem(server, list, doc.id, doc.editorToken);
    const unknownId = 'AAAAAAAAAAAAAAAAAAAAAA';
    const bad: (string | undefined)[] = [
      undefined,
      'nonsense',
      doc.editorToken,
      ADMIN_TOKEN,
      other.token,
      list.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ];
    for (const token of bad) {
      for (const id of [list.id, unknownId]) {
        const res = await getList(server, id, token);
        expect(res.status, `${id} ${String(token)}`).toBe(401);
        expect(res.body).toEqual(UNAUTHORIZED);
        const put = await api(server.url, 'PUT', `/api/lists/${id}/items/${doc.id}`, {
          token,
          body: { token: doc.editorToken },
        });
        expect(put.status).toBe(401);
        expect(put.body).toEqual(UNAUTHORIZED);
        const del = await api(server.url, 'DELETE', `/api/lists/${id}/items/${doc.id}`, { token });
        expect(del.status).toBe(401);
        expect(del.body).toEqual(UNAUTHORIZED);
      }
    }
    // Nothing changed, and nothing of the list went out.
    const items = ((await getList(server, list.id, list.token)).body as unknown as ListResponse).items;
    expect(items.map((i) => i.id)).toEqual([doc.id]);
    const refused = await raw(server, 'GET', `/api/lists/${list.id}`, { authorization: `Bearer ${other.token}` });
    expect(refused.text).not.toContain(doc.id);
    expect(refused.text).not.toContain('Secret title');
  });

  it('answers LIST_NOT_FOUND only to the holder of a valid token of a list that is gone', async () => {
    const id = 'BBBBBBBBBBBBBBBBBBBBBB';
    const res = await getList(server, id, server.app.signer.signList(id));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('LIST_NOT_FOUND'));
  });

  it('stores only a token that opens that very document', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Mine');
    const another = await createDoc(server.url, 'Theirs');
    for (const token of ['x', another.editorToken, ADMIN_TOKEN, list.token, doc.editorToken.replace('.e.', '.v.')]) {
      const res = await putItem(server, list, doc.id, token);
      expect(res.status, token).toBe(400);
      expect(res.body).toEqual(ITEM_INVALID);
    }
    const ghost = 'CCCCCCCCCCCCCCCCCCCCCC';
    const missing = await putItem(server, list, ghost, server.app.signer.sign(ghost, 'editor'));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody('DOC_NOT_FOUND'));
    expect(((await getList(server, list.id, list.token)).body as unknown as ListResponse).items).toEqual([]);
  });

  it('refuses bodies and parameters outside the typed limits', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Limits');
    const auth = { authorization: `Bearer ${list.token}`, 'content-type': 'application/json' };
    const path = `/api/lists/${list.id}/items/${doc.id}`;
    expect((await raw(server, 'PUT', path, auth, '{}')).status).toBe(400);
    expect((await raw(server, 'PUT', path, auth, JSON.stringify({ token: doc.editorToken, x: 1 }))).status).toBe(400);
    const long = await raw(
      server,
      'PUT',
      path,
      auth,
      JSON.stringify({ token: 'a'.repeat(ListLimits.maxTokenChars + 1) }),
    );
    expect(long.status).toBe(400);
    const huge = await raw(server, 'PUT', path, auth, JSON.stringify({ token: 'a'.repeat(ListLimits.maxBodyBytes) }));
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toEqual(errorBody('TOO_LARGE'));
    const badId = await getList(server, 'bad id!', list.token);
    expect(badId.status).toBe(400);
  });

  it(`refuses a document beyond ListLimits.maxItems (${ListLimits.maxItems}) with LIST_FULL`, async () => {
    const list = await createList(server);
    for (let i = 0; i < ListLimits.maxItems; i++) {
      const docId = `filler-${i}`;
      await server.app.store.lists.putItem(
        { listId: list.id, docId, token: server.app.signer.sign(docId, 'viewer'), addedAt: i },
        ListLimits.maxItems,
      );
    }
    const doc = await createDoc(server.url, 'One too many');
    const res = await putItem(server, list, doc.id, doc.editorToken);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorBody('LIST_FULL', { maxItems: ListLimits.maxItems }));
    // Documents that no longer exist are not shown; one removed makes room.
    expect(((await getList(server, list.id, list.token)).body as unknown as ListResponse).items).toEqual([]);
    await api(server.url, 'DELETE', `/api/lists/${list.id}/items/filler-0`, { token: list.token });
    expect((await putItem(server, list, doc.id, doc.editorToken)).status).toBe(201);
  });

  it('leaves out an item whose token no longer verifies', async () => {
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Revoked');
    await server.app.store.lists.putItem(
      { listId: list.id, docId: doc.id, token: 'v1.revoked.e.x', addedAt: 1 },
      ListLimits.maxItems,
    );
    const body = (await getList(server, list.id, list.token)).body as unknown as ListResponse;
    expect(body.items).toEqual([]);
  });

  it('keeps the list across a restart with the same secret', async () => {
    const dir = server.dataDir;
    const list = await createList(server);
    const doc = await createDoc(server.url, 'Durable');
    await putItem(server, list, doc.id, doc.editorToken);
    const again = await startServer({ TANDEM_RATE_LIST_CREATE_PER_IP: '1000' }, dir);
    try {
      const items = ((await getList(again, list.id, list.token)).body as unknown as ListResponse).items;
      expect(items.map((i: ListItem) => i.title)).toEqual(['Durable']);
    } finally {
      await again.app.close();
    }
  });
});

describe('list rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_RATE_LIST_CREATE_PER_IP: '2', TANDEM_RATE_LIST_PER_TOKEN: '3' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('limits list creation per address and list use per list token', async () => {
    const first = await createList(server);
    const second = await createList(server);
    const third = await api(server.url, 'POST', '/api/lists');
    expect(third.status).toBe(429);
    expect(third.body).toEqual(errorBody('RATE_LIMITED'));

    for (let i = 0; i < 3; i++) expect((await getList(server, first.id, first.token)).status).toBe(200);
    const over = await raw(server, 'GET', `/api/lists/${first.id}`, { authorization: `Bearer ${first.token}` });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another list's token has its own count.
    expect((await getList(server, second.id, second.token)).status).toBe(200);
  });
});
