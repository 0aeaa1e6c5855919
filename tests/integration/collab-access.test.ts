import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { api, createDoc } from '../helpers/api';
import { connectClient, documentText, rawSocket, typeText, waitSynced } from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';

describe('collaboration access', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const closeCodeFor = async (path: string): Promise<number> => {
    const { closed } = await rawSocket(`${server.collabUrl}/${path}`);
    return (await closed).code;
  };

  it('refuses every update of a viewer, applies nothing, and keeps the viewer informed', async () => {
    const created = await createDoc(server.url);
    const editor = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(editor);
    typeText(editor.doc, 0, 'by editor');
    const viewer = connectClient(server.collabUrl, created.id, created.viewerToken);
    await waitSynced(viewer);
    await retryUntil(() => expect(documentText(viewer.doc)).toBe('by editor'));
    // Presence works for viewers.
    viewer.provider.awareness.setLocalStateField('user', { name: 'Reader', color: '#0000ff', viewer: true });
    await retryUntil(() => expect(editor.provider.awareness.getStates().has(viewer.doc.clientID)).toBe(true));

    viewer.provider.shouldConnect = true;
    typeText(viewer.doc, 0, 'EVIL ');
    await retryUntil(() => expect(viewer.closeCodes).toContain(CloseCode.READ_ONLY.code));
    viewer.destroy();
    await sleep(50);
    expect(documentText(editor.doc)).toBe('by editor');
    const fresh = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(fresh);
    await retryUntil(() => expect(documentText(fresh.doc)).toBe('by editor'));
    editor.destroy();
    fresh.destroy();
  });

  it('closes unknown documents, bad tokens and foreign tokens with typed codes', async () => {
    const a = await createDoc(server.url);
    const b = await createDoc(server.url);
    expect(await closeCodeFor(`${a.id}`)).toBe(CloseCode.UNAUTHORIZED.code);
    expect(await closeCodeFor(`${a.id}?token=garbage`)).toBe(CloseCode.UNAUTHORIZED.code);
    expect(await closeCodeFor(`${a.id}?token=${encodeURIComponent(b.editorToken)}`)).toBe(CloseCode.UNAUTHORIZED.code);
    const tampered = a.editorToken.slice(0, -2) + (a.editorToken.endsWith('AA') ? 'BB' : 'AA');
    expect(await closeCodeFor(`${a.id}?token=${encodeURIComponent(tampered)}`)).toBe(CloseCode.UNAUTHORIZED.code);
    // A valid signature for a document that does not exist (as after a purge).
    const ghost = server.app.signer.sign('does-not-exist', 'editor');
    expect(await closeCodeFor(`does-not-exist?token=${ghost}`)).toBe(CloseCode.DOC_NOT_FOUND.code);
    expect(await closeCodeFor(`${'x'.repeat(65)}?token=${ADMIN_TOKEN}`)).toBe(CloseCode.DOC_NOT_FOUND.code);
  });

  it('accepts the token as a WebSocket subprotocol', async () => {
    const created = await createDoc(server.url);
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${server.collabUrl}/${created.id}`, ['tandem', `tandem-token.${created.editorToken}`]);
    const first = await new Promise<Buffer>((resolve, reject) => {
      ws.once('message', (data) => resolve(data as Buffer));
      ws.once('close', (code) => reject(new Error(`closed ${code}`)));
    });
    expect(ws.protocol).toBe('tandem');
    expect(first[0]).toBe(0); // sync step 1 from the server
    ws.close();
  });

  it('refuses a deleted document and closes its open connections', async () => {
    const created = await createDoc(server.url);
    const client = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(client);
    const del = await api(server.url, 'DELETE', `/api/documents/${created.id}`, { token: created.editorToken });
    expect(del.status).toBe(200);
    await retryUntil(() => expect(client.closeCodes).toContain(CloseCode.DOC_DELETED.code));
    client.destroy();
    expect(await closeCodeFor(`${created.id}?token=${created.editorToken}`)).toBe(CloseCode.DOC_DELETED.code);
  });

  it('lets the admin token open (and create) any valid document id', async () => {
    const id = `bench-room-${Date.now()}`;
    const a = connectClient(server.collabUrl, id, ADMIN_TOKEN);
    const b = connectClient(server.collabUrl, id, ADMIN_TOKEN);
    await Promise.all([waitSynced(a), waitSynced(b)]);
    typeText(a.doc, 0, 'admin');
    await retryUntil(() => expect(documentText(b.doc)).toBe('admin'));
    const meta = await api(server.url, 'GET', `/api/documents/${id}`, { token: ADMIN_TOKEN });
    expect(meta.status).toBe(200);
    expect(meta.body.role).toBe('admin');
    a.destroy();
    b.destroy();
  });

  it('never writes tokens into the logs', async () => {
    const created = await createDoc(server.url);
    const c = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(c);
    await api(server.url, 'GET', `/api/documents/${created.id}`, { token: created.editorToken });
    c.destroy();
    const all = server.logs.join('\n');
    expect(all).toContain(created.id);
    const leaked = server.logs.filter((l) => l.includes(created.editorToken.split('.')[3] ?? '-'));
    expect(leaked).toEqual([]);
    expect(all).not.toContain(ADMIN_TOKEN);
  });
});
