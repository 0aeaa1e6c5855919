import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import { connectClient, waitSynced } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';

describe('documents API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_PUBLIC_URL: 'https://docs.example.test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a document with editor and viewer capability links', async () => {
    const created = await createDoc(server.url, '  Quarterly plan  ');
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.title).toBe('Quarterly plan');
    expect(created.editorUrl).toBe(
      `https://docs.example.test/d/${created.id}#token=${encodeURIComponent(created.editorToken)}`,
    );
    expect(created.viewerUrl).toBe(
      `https://docs.example.test/d/${created.id}#token=${encodeURIComponent(created.viewerToken)}`,
    );
    const asEditor = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.editorToken });
    expect(asEditor.status).toBe(200);
    expect(asEditor.body).toMatchObject({ id: created.id, title: 'Quarterly plan', role: 'editor', deletedAt: null });
    const asViewer = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.viewerToken });
    expect(asViewer.body.role).toBe('viewer');
  });

  it('answers bad input and missing access with typed codes', async () => {
    const created = await createDoc(server.url);
    const other = await createDoc(server.url);
    const cases: Array<[string, string, { token?: string; body?: unknown }, number, string]> = [
      ['GET', `/api/documents/${created.id}`, {}, 401, 'UNAUTHORIZED'],
      ['GET', `/api/documents/${created.id}`, { token: 'nonsense' }, 401, 'UNAUTHORIZED'],
      ['GET', `/api/documents/${created.id}`, { token: other.editorToken }, 401, 'UNAUTHORIZED'],
      ['GET', '/api/documents/bad%20id', { token: created.editorToken }, 400, 'VALIDATION_FAILED'],
      ['GET', `/api/documents/${'a'.repeat(65)}`, { token: ADMIN_TOKEN }, 400, 'VALIDATION_FAILED'],
      ['GET', '/api/documents/unknown-doc', { token: ADMIN_TOKEN }, 404, 'DOC_NOT_FOUND'],
      ['PATCH', `/api/documents/${created.id}`, { token: created.viewerToken, body: { title: 'x' } }, 403, 'FORBIDDEN'],
      [
        'PATCH',
        `/api/documents/${created.id}`,
        { token: created.editorToken, body: { title: { nested: true } } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'PATCH',
        `/api/documents/${created.id}`,
        { token: created.editorToken, body: { title: 'x'.repeat(DocumentLimits.maxTitleChars + 1) } },
        400,
        'VALIDATION_FAILED',
      ],
      ['POST', '/api/documents', { body: { title: 'x', extra: true } }, 400, 'VALIDATION_FAILED'],
      ['DELETE', `/api/documents/${created.id}`, { token: created.viewerToken }, 403, 'FORBIDDEN'],
      ['POST', `/api/documents/${created.id}/restore`, { token: created.editorToken }, 409, 'DOC_NOT_DELETED'],
      ['GET', '/api/nothing-here', {}, 404, 'NOT_FOUND'],
    ];
    for (const [method, path, opts, status, code] of cases) {
      const res = await api(server.url, method, path, opts);
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status, code });
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses prototype-poisoning and malformed JSON bodies', async () => {
    for (const body of ['{"title":"a","__proto__":{"x":1}}', '{"title":', '[]']) {
      const res = await fetch(`${server.url}/api/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { code: string };
      expect(['BAD_REQUEST', 'VALIDATION_FAILED']).toContain(json.code);
    }
  });

  it('renames through the API and the change reaches connected clients live', async () => {
    const created = await createDoc(server.url, 'Old');
    const client = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(client);
    await retryUntil(() => expect(client.doc.getMap('meta').get('title')).toBe('Old'));
    const res = await api(server.url, 'PATCH', `/api/documents/${created.id}`, {
      token: created.editorToken,
      body: { title: 'New' },
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('New');
    await retryUntil(() => expect(client.doc.getMap('meta').get('title')).toBe('New'));
    client.destroy();
  });

  it('stores the shared title edited in the document', async () => {
    const created = await createDoc(server.url, 'Draft');
    const client = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(client);
    client.doc.getMap('meta').set('title', 'Edited live');
    await retryUntil(async () => {
      const res = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.viewerToken });
      expect(res.body.title).toBe('Edited live');
    });
    client.destroy();
  });

  it('moves to the trash, refuses access meanwhile, and restores', async () => {
    const created = await createDoc(server.url, 'Trash me');
    const del = await api(server.url, 'DELETE', `/api/documents/${created.id}`, { token: created.editorToken });
    expect(del.status).toBe(200);
    expect(del.body.deletedAt).toEqual(expect.any(String));
    const gone = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.editorToken });
    expect([gone.status, gone.body.code]).toEqual([410, 'DOC_DELETED']);
    const trash = await api(server.url, 'GET', '/api/documents?trash=true', { token: ADMIN_TOKEN });
    expect((trash.body.items as Array<{ id: string }>).map((d) => d.id)).toContain(created.id);
    const restored = await api(server.url, 'POST', `/api/documents/${created.id}/restore`, {
      token: created.editorToken,
    });
    expect([restored.status, restored.body.deletedAt]).toEqual([200, null]);
    const back = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.editorToken });
    expect(back.status).toBe(200);
  });

  it('purges documents that stayed in the trash longer than the retention period', async () => {
    const created = await createDoc(server.url, 'Old trash');
    const days = DocumentLimits.trashRetentionDays + 1;
    await server.app.store.documents.setDeleted(created.id, Date.now() - days * 24 * 3600 * 1000);
    const purged = await server.app.store.documents.purgeDeletedBefore(
      Date.now() - DocumentLimits.trashRetentionDays * 24 * 3600 * 1000,
    );
    expect(purged).toContain(created.id);
    const res = await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.editorToken });
    expect(res.status).toBe(404);
  });

  it('lists documents for the operator only, paged', async () => {
    for (let i = 0; i < 3; i++) await createDoc(server.url, `Listed ${i}`);
    const denied = await api(server.url, 'GET', '/api/documents');
    expect([denied.status, denied.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const page = await api(server.url, 'GET', '/api/documents?limit=2&offset=0', { token: ADMIN_TOKEN });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    const tooBig = await api(server.url, 'GET', '/api/documents?limit=100000', { token: ADMIN_TOKEN });
    expect(tooBig.status).toBe(400);
  });

  it('returns titles for the tokens a browser holds, ignoring invalid ones', async () => {
    const a = await createDoc(server.url, 'Alpha');
    const b = await createDoc(server.url, 'Beta');
    const res = await api(server.url, 'POST', '/api/documents/titles', {
      body: { tokens: [a.viewerToken, b.editorToken, 'junk'] },
    });
    expect(res.status).toBe(200);
    const titles = (res.body.items as Array<{ title: string }>).map((i) => i.title).sort();
    expect(titles).toEqual(['Alpha', 'Beta']);
  });

  it('reports health, readiness and the effective limits', async () => {
    expect((await api(server.url, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await api(server.url, 'GET', '/readyz');
    expect([ready.status, ready.body.status]).toEqual([200, 'ready']);
    const config = await api(server.url, 'GET', '/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ counters: { charCounterMax: -1, wordCounterMax: -1 } });
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('readiness', () => {
  it('reports not ready when the database cannot be written', async () => {
    const server = await startServer();
    try {
      await server.app.store.close();
      const res = await api(server.url, 'GET', '/readyz');
      expect([res.status, res.body.code]).toEqual([503, 'NOT_READY']);
      expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('initial content', () => {
  it('gives a new document exactly one empty paragraph, created by the server', async () => {
    const server = await startServer();
    try {
      const created = await createDoc(server.url);
      const a = connectClient(server.collabUrl, created.id, created.editorToken);
      const b = connectClient(server.collabUrl, created.id, created.viewerToken);
      await Promise.all([waitSynced(a), waitSynced(b)]);
      await retryUntil(() => expect(b.doc.getXmlFragment('default').toString()).toBe('<paragraph></paragraph>'));
      expect(a.doc.getXmlFragment('default').toString()).toBe('<paragraph></paragraph>');
      a.destroy();
      b.destroy();
    } finally {
      await server.close();
    }
  });
});
