import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createDoc } from '../helpers/api';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';

describe('share links (GET /api/documents/:id/links)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_PUBLIC_URL: 'https://docs.example.test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives an editor-token holder all three links of the same document', async () => {
    const doc = await createDoc(server.url, 'Shared');
    const res = await api(server.url, 'GET', `/api/documents/${doc.id}/links`, { token: doc.editorToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ editorUrl: doc.editorUrl, commenterUrl: doc.commenterUrl, viewerUrl: doc.viewerUrl });
  });

  it('gives a commenter the commenter and viewer links, never the editor link', async () => {
    const doc = await createDoc(server.url);
    const res = await api(server.url, 'GET', `/api/documents/${doc.id}/links`, { token: doc.commenterToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ commenterUrl: doc.commenterUrl, viewerUrl: doc.viewerUrl });
    expect(JSON.stringify(res.body)).not.toContain(doc.editorToken);
    // Reading is allowed, changing the document is not.
    expect((await api(server.url, 'GET', `/api/documents/${doc.id}`, { token: doc.commenterToken })).body.role).toBe(
      'commenter',
    );
    const rename = await api(server.url, 'PATCH', `/api/documents/${doc.id}`, {
      token: doc.commenterToken,
      body: { title: 'Mine now' },
    });
    expect([rename.status, rename.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('gives a viewer only the viewer link, never the editor link', async () => {
    const doc = await createDoc(server.url);
    const res = await api(server.url, 'GET', `/api/documents/${doc.id}/links`, { token: doc.viewerToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ viewerUrl: doc.viewerUrl });
    expect(JSON.stringify(res.body)).not.toContain(doc.editorToken);
  });

  it('gives the admin token all three links', async () => {
    const doc = await createDoc(server.url);
    const res = await api(server.url, 'GET', `/api/documents/${doc.id}/links`, { token: ADMIN_TOKEN });
    expect(res.body).toEqual({ editorUrl: doc.editorUrl, commenterUrl: doc.commenterUrl, viewerUrl: doc.viewerUrl });
  });

  it('refuses missing, wrong and foreign tokens, and unknown or deleted documents, with typed codes', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const path = `/api/documents/${doc.id}/links`;
    expect((await api(server.url, 'GET', path, {})).body.code).toBe('UNAUTHORIZED');
    expect((await api(server.url, 'GET', path, { token: 'v1.nonsense' })).status).toBe(401);
    const foreign = await api(server.url, 'GET', path, { token: other.editorToken });
    expect([foreign.status, foreign.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const gone = await createDoc(server.url);
    expect((await api(server.url, 'DELETE', `/api/documents/${gone.id}`, { token: gone.editorToken })).status).toBe(
      200,
    );
    const deleted = await api(server.url, 'GET', `/api/documents/${gone.id}/links`, { token: gone.editorToken });
    expect([deleted.status, deleted.body.code]).toEqual([410, 'DOC_DELETED']);
    const badId = await api(server.url, 'GET', '/api/documents/not%20an%20id/links', { token: doc.editorToken });
    expect(badId.status).toBe(400);
  });
});
