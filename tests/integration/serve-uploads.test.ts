import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { createDoc } from '../helpers/api';
import { makeImage, makeMp4, makePdf, upload } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let doc: CreatedDocument;
let image: Record<string, unknown>;
let pdf: Record<string, unknown>;
let pdfBytes: Buffer;
let video: Record<string, unknown>;

const CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

beforeAll(async () => {
  server = await startServer();
  doc = await createDoc(server.url, 'Serve');
  image = (await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes: await makeImage('png') })).body;
  pdfBytes = makePdf('served');
  pdf = (
    await upload(server.url, doc.id, 'files', {
      token: doc.editorToken,
      bytes: pdfBytes,
      filename: 'Bericht; März 100%.pdf',
    })
  ).body;
  video = (await upload(server.url, doc.id, 'videos', { token: doc.editorToken, bytes: makeMp4(5000) })).body;
});
afterAll(async () => {
  await server.close();
});

describe('GET /uploads/:storedName', () => {
  it('sends safe headers for an image (inline)', async () => {
    const res = await fetch(String(image.link));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="upload\.png"; filename\*=UTF-8''/);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const thumb = await fetch(String(image['data-thumb']));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('etag')).not.toBe(res.headers.get('etag'));
  });

  it('sends other files as attachments with an ASCII and an RFC 5987 file name', async () => {
    const res = await fetch(String(pdf.link));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Bericht_ M_rz 100_.pdf"; filename*=UTF-8''Bericht%3B%20M%C3%A4rz%20100%25.pdf`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(pdfBytes)).toBe(true);
  });

  it('serves a PDF inline for the preview only with ?inline=1, still without scripts', async () => {
    const res = await fetch(`${String(pdf.link)}?inline=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // Other types ignore the switch: an image stays under the sandbox CSP.
    const img = await fetch(`${String(image.link)}?inline=1`);
    expect(img.headers.get('content-security-policy')).toBe(CSP);
    const bad = await fetch(`${String(pdf.link)}?inline=yes`);
    expect(bad.status).toBe(400);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(String(pdf.link), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(pdfBytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(String(pdf.link));
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(String(pdf.link), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves byte ranges of every file (206) and refuses impossible ones (416)', async () => {
    const link = String(video.link);
    const full = Buffer.from(await (await fetch(link)).arrayBuffer());
    const size = full.length;

    const part = await fetch(link, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await part.arrayBuffer()).equals(full.subarray(0, 100))).toBe(true);

    const open = await fetch(link, { headers: { range: `bytes=${size - 10}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(full.subarray(size - 10))).toBe(true);

    const suffix = await fetch(link, { headers: { range: 'bytes=-5' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);

    const pdfPart = await fetch(String(pdf.link), { headers: { range: 'bytes=0-3' } });
    expect(pdfPart.status).toBe(206);
    expect(await pdfPart.text()).toBe('%PDF');

    const beyond = await fetch(link, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

    // A stale If-Range sends the whole file.
    const stale = await fetch(link, { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
  });

  it('answers 404 NOT_FOUND for unknown names and never reads paths', async () => {
    for (const name of [
      '0123456789abcdef0123456789abcdef.png',
      '..%2F..%2Ftandem.sqlite',
      '..%2Fsecret',
      'tmp',
      'tandem.sqlite',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await fetch(`${server.url}/uploads/${name}`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { code: string }).code, name).toBe('NOT_FOUND');
    }
  });
});
