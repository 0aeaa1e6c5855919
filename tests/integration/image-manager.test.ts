import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import type { DeletedUpload, ImageManagerItem, UploadResponse } from '@shared/api/media';
import { api, createDoc } from '../helpers/api';
import { startServer, type TestServer } from '../helpers/start-server';

async function png(seed: number, width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

async function uploadImage(
  server: TestServer,
  doc: CreatedDocument,
  bytes: Buffer,
  name: string,
  tag?: string,
): Promise<UploadResponse> {
  const form = new FormData();
  if (tag !== undefined) form.append('tag', tag);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${server.url}/api/documents/${doc.id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${doc.editorToken}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadResponse;
}

async function list(server: TestServer, doc: CreatedDocument, query = '', token = doc.editorToken) {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/images${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, total: res.headers.get('x-total-count'), body: (await res.json()) as unknown };
}

function postForm(
  server: TestServer,
  doc: CreatedDocument,
  path: string,
  fields: Record<string, string>,
  token = doc.editorToken,
) {
  return fetch(`${server.url}/api/documents/${doc.id}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams(fields).toString(),
  });
}

const isStored = (server: TestServer, url: string): Promise<boolean> =>
  server.hasStored(new URL(url).pathname.replace('/uploads/', ''));

describe('image manager', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_PUBLIC_URL: 'https://media.example.test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the whole list newest first in Froala shape, and pages with X-Total-Count', async () => {
    const doc = await createDoc(server.url);
    const a = await uploadImage(server, doc, await png(1), 'a.png', 'cats');
    const b = await uploadImage(server, doc, await png(2), 'b.png');
    const c = await uploadImage(server, doc, await png(3), 'c.png', 'cats,dogs');

    const whole = await list(server, doc);
    expect(whole.status).toBe(200);
    expect(whole.total).toBe('3');
    const items = whole.body as ImageManagerItem[];
    expect(items.map((i) => i.id)).toEqual([c['data-id'], b['data-id'], a['data-id']]);
    expect(items[2]).toEqual({
      url: a.link,
      thumb: a['data-thumb'],
      tag: 'cats',
      name: 'a.png',
      id: a['data-id'],
      width: 40,
      height: 30,
    });
    expect(items[0]?.url).toMatch(/^https:\/\/media\.example\.test\/uploads\//);

    const page = await list(server, doc, '?offset=1&limit=1');
    expect(page.total).toBe('3');
    expect((page.body as ImageManagerItem[]).map((i) => i.id)).toEqual([b['data-id']]);

    const tagged = await list(server, doc, '?tag=cats');
    expect((tagged.body as ImageManagerItem[]).map((i) => i.id)).toEqual([c['data-id'], a['data-id']]);
    expect(tagged.total).toBe('2');

    const other = await createDoc(server.url);
    expect((await list(server, other)).body).toEqual([]);
  });

  it('lets the viewer list but not tag or delete', async () => {
    const doc = await createDoc(server.url);
    const a = await uploadImage(server, doc, await png(10), 'v.png');
    expect((await list(server, doc, '', doc.viewerToken)).status).toBe(200);
    const tag = await api(server.url, 'PATCH', `/api/documents/${doc.id}/images/${a['data-id']}`, {
      token: doc.viewerToken,
      body: { tag: 'x' },
    });
    expect(tag).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const del = await postForm(server, doc, '/images/delete', { src: a.link }, doc.viewerToken);
    expect(del.status).toBe(403);
    expect(((await del.json()) as { code: string }).code).toBe('FORBIDDEN');
    expect((await list(server, doc)).total).toBe('1');
    expect((await list(server, doc, '', 'bogus')).status).toBe(401);
  });

  it('sets tags with PATCH (normalized), refusing other documents’ uploads', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const a = await uploadImage(server, doc, await png(20), 't.png');
    const res = await api(server.url, 'PATCH', `/api/documents/${doc.id}/images/${a['data-id']}`, {
      token: doc.editorToken,
      body: { tag: ' nature , sky,,nature ' },
    });
    expect(res).toMatchObject({ status: 200, body: { id: a['data-id'], tag: 'nature,sky' } });
    expect(((await list(server, doc, '?tag=sky')).body as ImageManagerItem[]).length).toBe(1);
    const foreign = await api(server.url, 'PATCH', `/api/documents/${other.id}/images/${a['data-id']}`, {
      token: other.editorToken,
      body: { tag: 'x' },
    });
    expect(foreign).toMatchObject({ status: 403, body: { code: 'UPLOAD_FORBIDDEN' } });
    const missing = await api(server.url, 'PATCH', `/api/documents/${doc.id}/images/nope`, {
      token: doc.editorToken,
      body: { tag: 'x' },
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'UPLOAD_NOT_FOUND' } });
  });

  it('deletes by thumb url (form) or relative url (JSON); files go when no record is left', async () => {
    const doc = await createDoc(server.url);
    const bytes = await png(30);
    const a = await uploadImage(server, doc, bytes, 'd.png');
    const b = await uploadImage(server, doc, await png(31), 'e.png');
    const thumb = a['data-thumb'];
    if (!thumb) throw new Error('no thumb');
    // The same bytes in a second document share the stored file.
    const twin = await createDoc(server.url);
    const shared = await uploadImage(server, twin, bytes, 'same.png');
    expect(shared.link).toBe(a.link);

    const del = await postForm(server, doc, '/images/delete', { src: thumb });
    expect(del.status).toBe(200);
    expect((await del.json()) as DeletedUpload).toEqual({ deleted: true, id: a['data-id'] });
    expect(((await list(server, doc)).body as ImageManagerItem[]).map((i) => i.id)).toEqual([b['data-id']]);
    expect(await isStored(server, a.link)).toBe(true);

    const viaJson = await api(server.url, 'POST', `/api/documents/${twin.id}/images/delete`, {
      token: twin.editorToken,
      body: { src: new URL(shared.link).pathname },
    });
    expect(viaJson).toMatchObject({ status: 200, body: { deleted: true, id: shared['data-id'] } });
    expect(await isStored(server, a.link)).toBe(false);
    expect(await isStored(server, thumb)).toBe(false);
    const served = await fetch(`${server.url}${new URL(a.link).pathname}`);
    expect(served.status).toBe(404);
  });

  it('answers 403 for another document’s upload and 404 for unknown ones', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const a = await uploadImage(server, doc, await png(40), 'f.png');
    const foreign = await postForm(server, other, '/images/delete', { src: a.link });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe('UPLOAD_FORBIDDEN');
    const unknown = await postForm(server, doc, '/images/delete', { src: 'https://x.test/uploads/0000.png' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('UPLOAD_NOT_FOUND');
    const notUpload = await postForm(server, doc, '/images/delete', { src: 'https://x.test/elsewhere/a.png' });
    expect(notUpload.status).toBe(404);
    const missing = await postForm(server, doc, '/images/delete', { other: '1' });
    expect(missing.status).toBe(400);
    expect((await list(server, doc)).total).toBe('1');
  });
});
