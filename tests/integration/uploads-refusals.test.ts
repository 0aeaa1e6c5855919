import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { UploadLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import {
  BMP_HEADER,
  HTML_PAGE,
  SVG_WITH_SCRIPT,
  makeElf,
  makeExe,
  makeImage,
  makeMp4OfSize,
  makeNoisePng,
  makePdf,
  makePdfOfSize,
  makePixelFloodPng,
  makeTruncatedPng,
  storedState,
  upload,
} from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

const SMALL_CAP = 300_000;

let server: TestServer;
let small: TestServer;
let doc: CreatedDocument;
let smallDoc: CreatedDocument;

beforeAll(async () => {
  server = await startServer();
  small = await startServer({
    TANDEM_MAX_IMAGE_BYTES: String(SMALL_CAP),
    TANDEM_MAX_FILE_BYTES: String(SMALL_CAP),
    TANDEM_MAX_VIDEO_BYTES: String(SMALL_CAP),
  });
  doc = await createDoc(server.url, 'Refusals');
  smallDoc = await createDoc(small.url, 'Small caps');
});
afterAll(async () => {
  await server.close();
  await small.close();
});

type Kind = 'images' | 'files' | 'videos';

/** Uploads and asserts the refusal code, its status, and that nothing was stored. */
async function expectRefused(
  s: TestServer,
  d: CreatedDocument,
  kind: Kind,
  opts: Parameters<typeof upload>[3],
  code: string,
  status: number,
): Promise<void> {
  const before = await storedState(s);
  const res = await upload(s.url, d.id, kind, { token: d.editorToken, ...opts });
  expect(res.body.code).toBe(code);
  expect(res.status).toBe(status);
  expect(await storedState(s)).toEqual(before);
}

/** A PNG of exactly `size` bytes (noise, padded after IEND). */
async function pngOfSize(size: number, seed: number): Promise<Buffer> {
  const png = await makeNoisePng(size - 4096, seed);
  if (png.length > size) throw new Error(`noise png too large: ${png.length}`);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

describe('size caps, enforced while streaming', () => {
  it('accepts an image of exactly the cap and refuses one byte more (IMAGE_TOO_LARGE)', async () => {
    const exact = await pngOfSize(SMALL_CAP, 1);
    const ok = await upload(small.url, smallDoc.id, 'images', {
      token: smallDoc.editorToken,
      bytes: exact,
      filename: 'exact.png',
    });
    expect(ok.status).toBe(201);
    await expectRefused(
      small,
      smallDoc,
      'images',
      { bytes: await pngOfSize(SMALL_CAP + 1, 2), filename: 'big.png' },
      'IMAGE_TOO_LARGE',
      413,
    );
  });

  it('accepts a file of exactly the cap and refuses one byte more (FILE_TOO_LARGE)', async () => {
    const ok = await upload(small.url, smallDoc.id, 'files', {
      token: smallDoc.editorToken,
      bytes: makePdfOfSize(SMALL_CAP),
      filename: 'exact.pdf',
    });
    expect(ok.status).toBe(201);
    expect(ok.body['data-size']).toBe(SMALL_CAP);
    await expectRefused(
      small,
      smallDoc,
      'files',
      { bytes: makePdfOfSize(SMALL_CAP + 1), filename: 'big.pdf' },
      'FILE_TOO_LARGE',
      413,
    );
  });

  it('accepts a video of exactly the cap and refuses one byte more (VIDEO_TOO_LARGE)', async () => {
    const ok = await upload(small.url, smallDoc.id, 'videos', {
      token: smallDoc.editorToken,
      bytes: makeMp4OfSize(SMALL_CAP),
      filename: 'exact.mp4',
    });
    expect(ok.status).toBe(201);
    await expectRefused(
      small,
      smallDoc,
      'videos',
      { bytes: makeMp4OfSize(SMALL_CAP + 1), filename: 'big.mp4' },
      'VIDEO_TOO_LARGE',
      413,
    );
  });

  it('holds the default 10 MiB caps: exactly the cap is a file, one byte more is refused', async () => {
    const cap = UploadLimits.maxFileBytes;
    const ok = await upload(server.url, doc.id, 'files', {
      token: doc.editorToken,
      bytes: makePdfOfSize(cap),
      filename: 'ten.pdf',
    });
    expect(ok.status).toBe(201);
    await expectRefused(server, doc, 'files', { bytes: makePdfOfSize(cap + 1) }, 'FILE_TOO_LARGE', 413);
    await expectRefused(
      server,
      doc,
      'images',
      { bytes: Buffer.concat([await makeImage('png'), Buffer.alloc(UploadLimits.maxImageBytes)]) },
      'IMAGE_TOO_LARGE',
      413,
    );
  });
});

describe('type by content', () => {
  it('refuses a wrong type for the kind', async () => {
    await expectRefused(server, doc, 'images', { bytes: makePdf(), filename: 'x.png' }, 'IMAGE_INVALID_TYPE', 415);
    await expectRefused(server, doc, 'images', { bytes: BMP_HEADER(), filename: 'x.bmp' }, 'IMAGE_INVALID_TYPE', 415);
    await expectRefused(
      server,
      doc,
      'videos',
      { bytes: await makeImage('png'), filename: 'x.mp4', type: 'video/mp4' },
      'VIDEO_INVALID_TYPE',
      415,
    );
    await expectRefused(server, doc, 'files', { bytes: BMP_HEADER(), filename: 'x.pdf' }, 'FILE_INVALID_TYPE', 415);
  });

  it('refuses renamed executables', async () => {
    await expectRefused(
      server,
      doc,
      'files',
      { bytes: makeElf(), filename: 'report.pdf', type: 'application/pdf' },
      'FILE_INVALID_TYPE',
      415,
    );
    await expectRefused(
      server,
      doc,
      'files',
      { bytes: makeExe(), filename: 'notes.txt', type: 'text/plain' },
      'FILE_INVALID_TYPE',
      415,
    );
    await expectRefused(
      server,
      doc,
      'images',
      { bytes: makeExe(), filename: 'cat.png', type: 'image/png' },
      'IMAGE_INVALID_TYPE',
      415,
    );
    await expectRefused(server, doc, 'videos', { bytes: makeElf(), filename: 'clip.mp4' }, 'VIDEO_INVALID_TYPE', 415);
  });

  it('refuses HTML disguised as an image or a text file', async () => {
    await expectRefused(
      server,
      doc,
      'images',
      { bytes: HTML_PAGE, filename: 'cat.png', type: 'image/png' },
      'IMAGE_INVALID_TYPE',
      415,
    );
    await expectRefused(server, doc, 'files', { bytes: HTML_PAGE, filename: 'page.txt' }, 'FILE_INVALID_TYPE', 415);
    await expectRefused(server, doc, 'files', { bytes: HTML_PAGE, filename: 'page.html' }, 'FILE_INVALID_TYPE', 415);
  });

  it('refuses SVG (with script) for every kind', async () => {
    const opts = { bytes: SVG_WITH_SCRIPT, filename: 'logo.svg', type: 'image/svg+xml' };
    await expectRefused(server, doc, 'images', opts, 'IMAGE_INVALID_TYPE', 415);
    await expectRefused(server, doc, 'files', opts, 'FILE_INVALID_TYPE', 415);
    await expectRefused(server, doc, 'files', { ...opts, filename: 'logo.txt' }, 'FILE_INVALID_TYPE', 415);
    await expectRefused(server, doc, 'videos', opts, 'VIDEO_INVALID_TYPE', 415);
  });

  it('refuses a pixel flood before decoding it (IMAGE_TOO_MANY_PIXELS)', async () => {
    const flood = makePixelFloodPng();
    expect(flood.length).toBeLessThan(2048);
    await expectRefused(server, doc, 'images', { bytes: flood, filename: 'flood.png' }, 'IMAGE_TOO_MANY_PIXELS', 413);
    await expectRefused(server, doc, 'files', { bytes: flood, filename: 'flood.png' }, 'IMAGE_TOO_MANY_PIXELS', 413);
    // Under the pixel cap but longer than the longest side allowed.
    await expectRefused(
      server,
      doc,
      'images',
      { bytes: makePixelFloodPng(20_000, 10), filename: 'long.png' },
      'IMAGE_TOO_MANY_PIXELS',
      413,
    );
  });

  it('refuses an image that does not decode (IMAGE_CORRUPTED)', async () => {
    await expectRefused(
      server,
      doc,
      'images',
      { bytes: await makeTruncatedPng(), filename: 'cut.png' },
      'IMAGE_CORRUPTED',
      422,
    );
  });

  it('refuses text without a text extension and text that is not UTF-8', async () => {
    await expectRefused(server, doc, 'files', { bytes: Buffer.from('hello'), filename: 'x' }, 'FILE_INVALID_TYPE', 415);
    await expectRefused(
      server,
      doc,
      'files',
      { bytes: Buffer.from([0x68, 0xff, 0xfe, 0x00, 0x41]), filename: 'x.txt' },
      'FILE_INVALID_TYPE',
      415,
    );
    await expectRefused(
      server,
      doc,
      'files',
      { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), filename: 'run.txt' },
      'FILE_INVALID_TYPE',
      415,
    );
  });
});

/** A hand-built multipart body, so the file name reaches the server byte for byte. */
async function rawUpload(
  s: TestServer,
  d: CreatedDocument,
  disposition: string,
  bytes: Buffer,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = '----tandemboundary1234';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n`, 'utf8'),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${s.url}/api/documents/${d.id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${d.editorToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('file names', () => {
  it('keeps only a sanitized last path component; the file lands under a generated name', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['name="file"; filename="../../../../etc/passwd.png"', await makeImage('png', { seed: 31 }), 'passwd.png'],
      ['name="file"; filename="..\\\\..\\\\windows\\\\evil.png"', await makeImage('png', { seed: 32 }), 'evil.png'],
      [
        `name="file"; filename*=UTF-8''a%00b%1B%7Fc%E2%80%AEgnp.exe%07.png`,
        await makeImage('png', { seed: 33 }),
        'abcgnp.exe.png',
      ],
      [`name="file"; filename*=UTF-8''..%2F..%2F%2E%2E`, await makeImage('png', { seed: 34 }), 'file'],
      [`name="file"; filename*=UTF-8''Cafe%CC%81.png`, await makeImage('png', { seed: 35 }), 'Caf\u00e9.png'],
    ];
    for (const [disposition, bytes, expected] of cases) {
      const res = await rawUpload(server, doc, disposition, bytes);
      expect(res.status, disposition).toBe(201);
      expect(res.body['data-name'], disposition).toBe(expected);
      expect(res.body.link).toMatch(/\/uploads\/[0-9a-f]{32}\.png$/);
    }
    const long = await rawUpload(
      server,
      doc,
      `name="file"; filename="${'n'.repeat(500)}.png"`,
      await makeImage('png', { seed: 36 }),
    );
    expect(String(long.body['data-name']).length).toBe(UploadLimits.maxNameChars);
    expect(String(long.body['data-name'])).toMatch(/n\.png$/);
    // Nothing was written outside data/uploads.
    expect(fs.existsSync(path.join(server.dataDir, 'etc'))).toBe(false);
    const inDataDir = server.app.config.databaseUrl ? ['uploads'] : ['tandem.sqlite', 'uploads'];
    expect(fs.readdirSync(server.dataDir).sort()).toEqual(expect.arrayContaining(inDataDir));
    for (const f of (await storedState(server)).files) expect(f).toMatch(/^[0-9a-f]{32}\.(png|thumb\.webp|pdf)$/);
  });
});

describe('request shape and access', () => {
  it('needs a part named file', async () => {
    const bytes = await makeImage('png', { seed: 50 });
    await expectRefused(server, doc, 'images', { bytes, partName: 'image' }, 'UPLOAD_MISSING_FILE', 400);
    await expectRefused(server, doc, 'images', { fields: { tag: 'x' } }, 'UPLOAD_MISSING_FILE', 400);
    const before = await storedState(server);
    const json = await api(server.url, 'POST', `/api/documents/${doc.id}/images`, {
      token: doc.editorToken,
      body: { file: 'x' },
    });
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(json.status).toBe(415);
    expect(await storedState(server)).toEqual(before);
  });

  it('refuses viewers, missing tokens, other documents and trashed documents', async () => {
    const bytes = await makeImage('png', { seed: 60 });
    const other = await createDoc(server.url, 'Other');
    for (const kind of ['images', 'files', 'videos'] as const) {
      await expectRefused(server, { ...doc, editorToken: doc.viewerToken }, kind, { bytes }, 'FORBIDDEN', 403);
      await expectRefused(server, { ...doc, editorToken: '' }, kind, { bytes }, 'UNAUTHORIZED', 401);
      await expectRefused(server, { ...doc, editorToken: other.editorToken }, kind, { bytes }, 'UNAUTHORIZED', 401);
    }
    const trashed = await createDoc(server.url, 'Trashed');
    expect(
      (await api(server.url, 'DELETE', `/api/documents/${trashed.id}`, { token: trashed.editorToken })).status,
    ).toBe(200);
    await expectRefused(server, trashed, 'images', { bytes }, 'DOC_DELETED', 410);
  });
});
