import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import type { SavedSnapshot } from '@shared/api/media';
import type { SnapshotListItem } from '@shared/api/snapshots';
import { AutosaveLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import { startServer, type TestServer } from '../helpers/start-server';

function saveForm(server: TestServer, doc: CreatedDocument, fields: Record<string, string>, token = doc.editorToken) {
  return fetch(`${server.url}/api/documents/${doc.id}/snapshots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function snapshots(server: TestServer, doc: CreatedDocument, query = '') {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/snapshots${query}`, {
    headers: { authorization: `Bearer ${doc.viewerToken}` },
  });
  return {
    status: res.status,
    total: res.headers.get('x-total-count'),
    items: (await res.json()) as SnapshotListItem[],
  };
}

describe('autosave snapshots', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores a form-encoded body with 200 and a JSON body too', async () => {
    const doc = await createDoc(server.url);
    const form = await saveForm(server, doc, { body: '<p>Hello <strong>world</strong></p>' });
    expect(form.status).toBe(200);
    const saved = (await form.json()) as SavedSnapshot;
    expect(saved).toMatchObject({ created: true, bytes: '<p>Hello <strong>world</strong></p>'.length });
    expect(saved.createdAt).toBeGreaterThan(0);

    const json = await api(server.url, 'POST', `/api/documents/${doc.id}/snapshots`, {
      token: doc.editorToken,
      body: { body: '<p>Second</p>' },
    });
    expect(json).toMatchObject({ status: 200, body: { created: true } });
    const list = await snapshots(server, doc);
    expect(list.status).toBe(200);
    expect(list.total).toBe('2');
    expect(list.items.map((s) => s.id)).toEqual([json.body.id, saved.id]);
    expect(Object.keys(list.items[0] ?? {}).sort()).toEqual(['bytes', 'createdAt', 'id']);
    expect((await snapshots(server, doc, '?offset=1&limit=1')).items.map((s) => s.id)).toEqual([saved.id]);
  });

  it('sanitizes before storing and skips an unchanged save', async () => {
    const doc = await createDoc(server.url);
    const dirty = '<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">x</a></p>';
    const first = (await (await saveForm(server, doc, { body: dirty })).json()) as SavedSnapshot;
    expect(first.created).toBe(true);
    // What the document model keeps of it: the refused link goes, its text stays.
    expect(first.bytes).toBe('<p>Hi x</p>'.length);
    // The same HTML, and HTML that sanitizes to the same, do not add a row.
    const again = (await (await saveForm(server, doc, { body: 'Hi <span>x</span>' })).json()) as SavedSnapshot;
    expect(again).toEqual({ ...first, created: false });
    expect((await snapshots(server, doc)).total).toBe('1');
  });

  it('refuses a missing body, a body over the cap, viewers and strangers', async () => {
    const doc = await createDoc(server.url);
    const missing = await saveForm(server, doc, { html: '<p>x</p>' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe('SNAPSHOT_BODY_MISSING');
    const emptyJson = await api(server.url, 'POST', `/api/documents/${doc.id}/snapshots`, {
      token: doc.editorToken,
      body: { body: 42 },
    });
    expect(emptyJson).toMatchObject({ status: 400, body: { code: 'SNAPSHOT_BODY_MISSING' } });

    const big = await saveForm(server, doc, { body: `<p>${'a'.repeat(AutosaveLimits.maxBodyBytes)}</p>` });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('TOO_LARGE');

    const viewer = await saveForm(server, doc, { body: '<p>x</p>' }, doc.viewerToken);
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as { code: string }).code).toBe('FORBIDDEN');
    const stranger = await saveForm(server, doc, { body: '<p>x</p>' }, 'nonsense');
    expect(stranger.status).toBe(401);
    expect((await snapshots(server, doc)).total).toBe('0');
  });

  it('accepts a body of exactly the cap', async () => {
    const doc = await createDoc(server.url);
    const html = `<p>${'b'.repeat(AutosaveLimits.maxBodyBytes - 7)}</p>`;
    expect(Buffer.byteLength(html)).toBe(AutosaveLimits.maxBodyBytes);
    const res = await saveForm(server, doc, { body: html });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SavedSnapshot).bytes).toBe(AutosaveLimits.maxBodyBytes);
  });
});
