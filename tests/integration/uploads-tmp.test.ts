import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { api, createDoc } from '../helpers/api';
import {
  HTML_PAGE,
  makeElf,
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

/**
 * Uploads are streamed into data/uploads/tmp while they arrive; whatever the outcome (stored,
 * deduplicated, refused, aborted), nothing may be left behind there.
 */

const CAP = 200_000;

let server: TestServer;
let doc: CreatedDocument;
let origin: http.Server;
let originUrl: string;

beforeAll(async () => {
  const flood = makePixelFloodPng();
  const remote = await makeImage('png', { width: 30, height: 20, seed: 9001 });
  origin = http.createServer((req, res) => {
    if (req.url === '/ok.png') res.writeHead(200).end(remote);
    else if (req.url === '/flood.png') res.writeHead(200).end(flood);
    else if (req.url === '/page.png') res.writeHead(200).end(HTML_PAGE);
    else if (req.url === '/big.png') res.writeHead(200).end(Buffer.alloc(CAP + 1));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  server = await startServer({
    TANDEM_MAX_IMAGE_BYTES: String(CAP),
    TANDEM_MAX_FILE_BYTES: String(CAP),
    TANDEM_MAX_VIDEO_BYTES: String(CAP),
    TANDEM_FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
  doc = await createDoc(server.url, 'Temporary files');
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

/** This instance's staging directory (data/uploads/tmp/<instance id>, whatever the blob storage). */
const tmpDir = (): string => path.join(server.dataDir, 'uploads', 'tmp', server.app.instanceId);

/** Files in it. */
const tmpFiles = (): string[] => (fs.existsSync(tmpDir()) ? fs.readdirSync(tmpDir()).map((f) => `tmp/${f}`) : []);

/** Bytes held in tmp files right now. */
const tmpBytes = (): number =>
  tmpFiles().reduce((n, f) => n + fs.statSync(path.join(tmpDir(), path.basename(f))).size, 0);

/** Waits for a condition on the server's side of an aborted or half-sent request (not a speed check). */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never happened: ${what}`);
}

type Kind = 'images' | 'files' | 'videos';

async function expectRefused(kind: Kind, bytes: Buffer, filename: string, code: string): Promise<void> {
  const before = await storedState(server);
  const res = await upload(server.url, doc.id, kind, { token: doc.editorToken, bytes, filename });
  expect(res.body.code, filename).toBe(code);
  expect(tmpFiles(), filename).toEqual([]);
  expect(await storedState(server), filename).toEqual(before);
}

/** A PNG of exactly `size` bytes (noise, padded after IEND). */
async function pngOfSize(size: number, seed: number): Promise<Buffer> {
  const png = await makeNoisePng(size - 4096, seed);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** A PDF of exactly `size` bytes whose content differs by `text` (so it is not deduplicated). */
function pdfOfSize(size: number, text: string): Buffer {
  const head = makePdf(text);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** One multipart body with a single `file` part. */
function multipartBody(bytes: Buffer, filename: string): { body: Buffer; contentType: string } {
  const boundary = '----tandemtmpboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Starts a multipart upload and sends only the first `sent` bytes of its body. */
function halfSentUpload(bytes: Buffer, filename: string, sent: number) {
  const { body, contentType } = multipartBody(bytes, filename);
  const url = new URL(`${server.url}/api/documents/${doc.id}/files`);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${doc.editorToken}`,
      'content-type': contentType,
      'content-length': String(body.length),
    },
  });
  const response = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        }),
      );
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, sent));
  return { req, rest: body.subarray(sent), response };
}

describe('data/uploads/tmp', () => {
  it('is empty after refusals: too large, wrong type, pixel flood, corrupted', async () => {
    await expectRefused('images', await pngOfSize(CAP + 1, 1), 'big.png', 'IMAGE_TOO_LARGE');
    await expectRefused('files', makePdfOfSize(CAP + 1), 'big.pdf', 'FILE_TOO_LARGE');
    await expectRefused('videos', makeMp4OfSize(CAP + 1), 'big.mp4', 'VIDEO_TOO_LARGE');
    await expectRefused('files', makeElf(), 'tool.pdf', 'FILE_INVALID_TYPE');
    await expectRefused('images', HTML_PAGE, 'page.png', 'IMAGE_INVALID_TYPE');
    await expectRefused('images', makePdf(), 'doc.png', 'IMAGE_INVALID_TYPE');
    await expectRefused('images', makePixelFloodPng(), 'flood.png', 'IMAGE_TOO_MANY_PIXELS');
    await expectRefused('images', await makeTruncatedPng(), 'cut.png', 'IMAGE_CORRUPTED');
  });

  it('is empty after accepted uploads, exact-cap ones and deduplicated repeats', async () => {
    const image = await pngOfSize(CAP, 2);
    const cases: Array<[Kind, Buffer, string]> = [
      ['images', image, 'exact.png'],
      ['files', makePdfOfSize(CAP), 'exact.pdf'],
      ['videos', makeMp4OfSize(CAP), 'exact.mp4'],
      ['files', await makeImage('jpeg', { seed: 3 }), 'photo.jpg'],
    ];
    for (const [kind, bytes, filename] of cases) {
      const res = await upload(server.url, doc.id, kind, { token: doc.editorToken, bytes, filename });
      expect(res.status, filename).toBe(201);
      expect(tmpFiles(), filename).toEqual([]);
      const stored = String(res.body.link).split('/').pop() ?? '';
      expect(await server.hasStored(stored), filename).toBe(true);
    }
    const again = await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes: image });
    expect(again.status).toBe(200);
    const other = await createDoc(server.url, 'Same bytes elsewhere');
    const reused = await upload(server.url, other.id, 'images', { token: other.editorToken, bytes: image });
    expect(reused.status).toBe(201);
    expect(tmpFiles()).toEqual([]);
  });

  it('is empty after remote images, fetched or refused', async () => {
    const fetchImage = (file: string) =>
      api(server.url, 'POST', `/api/documents/${doc.id}/images/fetch`, {
        token: doc.editorToken,
        body: { url: `${originUrl}/${file}` },
      });
    const ok = await fetchImage('ok.png');
    expect(ok.status).toBe(201);
    expect(tmpFiles()).toEqual([]);
    for (const [file, code] of [
      ['flood.png', 'IMAGE_TOO_MANY_PIXELS'],
      ['page.png', 'IMAGE_INVALID_TYPE'],
      ['big.png', 'IMAGE_TOO_LARGE'],
    ] as const) {
      const res = await fetchImage(file);
      expect(res.body.code, file).toBe(code);
      expect(tmpFiles(), file).toEqual([]);
    }
  });

  it('holds an upload on disk while it arrives, then moves it into place', async () => {
    const bytes = pdfOfSize(CAP, 'slow');
    const { req, rest, response } = halfSentUpload(bytes, 'slow.pdf', CAP / 2);
    // The first half is already written to a file in tmp while the rest is still to come.
    await eventually(() => tmpFiles().length === 1 && tmpBytes() > 0, 'a staged file in tmp');
    expect(tmpBytes()).toBeLessThan(CAP);
    req.end(rest);
    const res = await response;
    expect(res.status).toBe(201);
    expect(res.body['data-size']).toBe(CAP);
    expect(tmpFiles()).toEqual([]);
  });

  it('is empty after the client aborts mid-upload, and nothing is stored', async () => {
    const before = await storedState(server);
    const { req, response } = halfSentUpload(pdfOfSize(CAP, 'aborted'), 'aborted.pdf', CAP / 2);
    response.catch(() => undefined);
    await eventually(() => tmpFiles().length === 1, 'a staged file in tmp');
    req.destroy();
    await eventually(() => tmpFiles().length === 0, 'the staged file removed');
    expect(await storedState(server)).toEqual(before);
  });
});
