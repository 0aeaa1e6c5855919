import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import type { FileItem, UploadResponse } from '@shared/api/media';
import { api, createDoc } from '../helpers/api';
import { startServer, type TestServer } from '../helpers/start-server';

const pdf = (text: string): Buffer =>
  Buffer.from(`%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`);

async function upload(
  server: TestServer,
  doc: CreatedDocument,
  kind: 'files' | 'images',
  bytes: Buffer,
  name: string,
  type: string,
): Promise<UploadResponse> {
  const form = new FormData();
  form.append('uploader', 'Ann');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/documents/${doc.id}/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${doc.editorToken}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadResponse;
}

async function files(server: TestServer, doc: CreatedDocument, query = '', token = doc.editorToken) {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/files${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as unknown;
  return { status: res.status, total: res.headers.get('x-total-count'), body };
}

describe('files manager', () => {
  let server: TestServer;
  let doc: CreatedDocument;
  let report: UploadResponse;
  let notes: UploadResponse;
  let photo: UploadResponse;

  beforeAll(async () => {
    server = await startServer();
    doc = await createDoc(server.url);
    report = await upload(server, doc, 'files', pdf('report'), 'Quarterly Report.pdf', 'application/pdf');
    notes = await upload(server, doc, 'files', pdf('notes'), 'notes.pdf', 'application/pdf');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    photo = await upload(server, doc, 'images', image, 'photo.png', 'image/png');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every kind newest first with details and X-Total-Count', async () => {
    const res = await files(server, doc);
    expect(res.status).toBe(200);
    expect(res.total).toBe('3');
    const items = res.body as FileItem[];
    expect(items.map((i) => i.id)).toEqual([photo['data-id'], notes['data-id'], report['data-id']]);
    expect(items[2]).toMatchObject({
      id: report['data-id'],
      url: report.link,
      kind: 'file',
      name: 'Quarterly Report.pdf',
      type: 'application/pdf',
      size: report['data-size'],
      uploader: 'Ann',
    });
    expect(items[2]?.time).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ kind: 'image', thumb: photo['data-thumb'], width: 8, height: 8 });
  });

  it('searches names case-insensitively, filters by kind and pages', async () => {
    const search = await files(server, doc, '?q=REPORT');
    expect((search.body as FileItem[]).map((i) => i.id)).toEqual([report['data-id']]);
    expect(search.total).toBe('1');
    const onlyFiles = await files(server, doc, '?kind=file');
    expect((onlyFiles.body as FileItem[]).map((i) => i.name)).toEqual(['notes.pdf', 'Quarterly Report.pdf']);
    const page = await files(server, doc, '?offset=1&limit=1');
    expect(page.total).toBe('3');
    expect((page.body as FileItem[]).map((i) => i.id)).toEqual([notes['data-id']]);
    const bad = await files(server, doc, '?kind=exe');
    expect(bad.status).toBe(400);
  });

  it('lets a viewer list but not delete', async () => {
    expect((await files(server, doc, '', doc.viewerToken)).status).toBe(200);
    const res = await api(server.url, 'POST', `/api/documents/${doc.id}/files/delete`, {
      token: doc.viewerToken,
      body: { src: notes.link },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('deletes a file (form body) and removes it from disk', async () => {
    const other = await createDoc(server.url);
    const foreign = await fetch(`${server.url}/api/documents/${other.id}/files/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.editorToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ src: notes.link }).toString(),
    });
    expect(foreign.status).toBe(403);

    const res = await fetch(`${server.url}/api/documents/${doc.id}/files/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ src: notes.link }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, id: notes['data-id'] });
    expect(await server.hasStored(new URL(notes.link).pathname.replace('/uploads/', ''))).toBe(false);
    const after = await files(server, doc);
    expect(after.total).toBe('2');
    expect((after.body as FileItem[]).some((i) => i.id === notes['data-id'])).toBe(false);
    const again = await api(server.url, 'POST', `/api/documents/${doc.id}/files/delete`, {
      token: doc.editorToken,
      body: { src: notes.link },
    });
    expect(again).toMatchObject({ status: 404, body: { code: 'UPLOAD_NOT_FOUND' } });
  });
});
