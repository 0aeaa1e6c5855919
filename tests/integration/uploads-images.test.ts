import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { CreatedDocument } from '@shared/api/documents';
import { ImageLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import {
  makeAnimated,
  makeImage,
  makeJpegWithExif,
  makePolyglotPng,
  storedState,
  upload,
} from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let doc: CreatedDocument;

beforeAll(async () => {
  server = await startServer();
  doc = await createDoc(server.url, 'Images');
});
afterAll(async () => {
  await server.close();
});

async function fetchBytes(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('image uploads', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('accepts %s, re-encodes it and answers absolute URLs with a thumbnail', async (format, mime) => {
    const bytes = await makeImage(format, { width: 640, height: 480, seed: format.length * 7 });
    // Name and claimed type are ignored: the bytes decide.
    const res = await upload(server.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes,
      filename: 'holiday.bin',
      type: 'text/html',
    });
    expect(res.status).toBe(201);
    const ext = format === 'jpeg' ? 'jpg' : format;
    expect(res.body.link).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.${ext}$`));
    expect(res.body['data-type']).toBe(mime);
    expect(res.body['data-name']).toBe('holiday.bin');
    expect(res.body['data-width']).toBe(640);
    expect(res.body['data-height']).toBe(480);
    expect(res.body['data-id']).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(res.body['data-thumb']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f]{32}\.thumb\.webp$/);

    const served = await fetchBytes(String(res.body.link));
    expect(served.status).toBe(200);
    expect(served.type).toBe(mime);
    expect((await sharp(served.bytes).metadata()).format).toBe(format);
    expect(served.bytes.length).toBe(res.body['data-size']);

    const thumb = await fetchBytes(String(res.body['data-thumb']));
    const meta = await sharp(thumb.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(ImageLimits.thumbWidthPx);
  });

  it('keeps the frames of animated GIF and WebP', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const res = await upload(server.url, doc.id, 'images', {
        token: doc.editorToken,
        bytes: await makeAnimated(format, 3),
        filename: `anim.${format}`,
      });
      expect(res.status).toBe(201);
      expect(res.body['data-width']).toBe(20);
      expect(res.body['data-height']).toBe(10);
      const served = await fetchBytes(String(res.body.link));
      const meta = await sharp(served.bytes, { animated: true }).metadata();
      expect(meta.pages).toBe(3);
    }
  });

  it('applies the EXIF orientation and strips metadata', async () => {
    const res = await upload(server.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes: await makeJpegWithExif(),
      filename: 'camera.jpg',
    });
    expect(res.status).toBe(201);
    // 40×20 with orientation 6 is a 20×40 picture.
    expect(res.body['data-width']).toBe(20);
    expect(res.body['data-height']).toBe(40);
    const served = await fetchBytes(String(res.body.link));
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('Secret Person'))).toBe(false);
  });

  it('drops whatever a polyglot carries after the image', async () => {
    const { bytes, payload } = await makePolyglotPng();
    const res = await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes, filename: 'x.png' });
    expect(res.status).toBe(201);
    const served = await fetchBytes(String(res.body.link));
    expect(served.bytes.includes(Buffer.from(payload))).toBe(false);
    expect(served.bytes.includes(Buffer.from('<script'))).toBe(false);
  });

  it('reads the tag and uploader fields sent before the file', async () => {
    const res = await upload(server.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes: await makeImage('png', { seed: 99 }),
      filename: 'tagged.png',
      fields: { tag: ' cats , dogs,cats ', uploader: `Ann\u202e ${'x'.repeat(100)}` },
    });
    expect(res.status).toBe(201);
    const db = await server.app.store.media.getUpload(String(res.body['data-id']));
    expect(db?.tag).toBe('cats,dogs');
    expect(db?.uploader).toBe(`Ann ${'x'.repeat(60)}`);
    expect(db?.name).toBe('tagged.png');
    expect(db?.kind).toBe('image');
    expect(db?.docId).toBe(doc.id);
  });

  it('stores the same bytes once; the same document and kind get the existing record with 200', async () => {
    const bytes = await makeImage('png', { seed: 12345 });
    const before = await storedState(server);
    const first = await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes, filename: 'a.png' });
    expect(first.status).toBe(201);
    const again = await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes, filename: 'b.png' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const other = await createDoc(server.url, 'Other');
    const elsewhere = await upload(server.url, other.id, 'images', {
      token: other.editorToken,
      bytes,
      filename: 'c.png',
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.link).toBe(first.body.link);
    expect(elsewhere.body['data-id']).not.toBe(first.body['data-id']);

    const after = await storedState(server);
    expect(after.blobs - before.blobs).toBe(1);
    expect(after.uploads - before.uploads).toBe(2);
    // One image and one thumbnail on disk.
    expect(after.files.length - before.files.length).toBe(2);
  });

  it('builds URLs from TANDEM_PUBLIC_URL when it is set', async () => {
    const other = await startServer({ TANDEM_PUBLIC_URL: 'https://docs.example.com' });
    try {
      const d = await createDoc(other.url);
      const res = await upload(other.url, d.id, 'images', {
        token: d.editorToken,
        bytes: await makeImage('png'),
        filename: 'p.png',
      });
      expect(res.status).toBe(201);
      expect(res.body.link).toMatch(/^https:\/\/docs\.example\.com\/uploads\/[0-9a-f]{32}\.png$/);
      expect(res.body['data-thumb']).toMatch(/^https:\/\/docs\.example\.com\/uploads\//);
    } finally {
      await other.close();
    }
  });
});
