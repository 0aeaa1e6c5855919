import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { api, createDoc } from '../helpers/api';
import { HTML_PAGE, makeImage, makePixelFloodPng, storedState } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

/** A small origin on 127.0.0.1 serving images, redirects and errors. */
let origin: http.Server;
let originUrl: string;
let png: Buffer;
let big: Buffer;
let open: TestServer;
let strict: TestServer;
let openDoc: CreatedDocument;
let strictDoc: CreatedDocument;

beforeAll(async () => {
  png = await makeImage('png', { width: 64, height: 48, seed: 777 });
  big = Buffer.concat([await makeImage('png', { seed: 778 }), Buffer.alloc(200_000)]);
  const flood = makePixelFloodPng();
  origin = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const hops = /^\/hop\/(\d+)$/.exec(url);
    if (url === '/pics/sun%20set.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (url === '/big.png') res.writeHead(200).end(big);
    else if (url === '/big-chunked.png') {
      // No Content-Length: the cap must hold while streaming.
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      res.write(big.subarray(0, 100_000));
      res.end(big.subarray(100_000));
    } else if (url === '/flood.png') res.writeHead(200).end(flood);
    else if (url === '/page.png') res.writeHead(200, { 'content-type': 'image/png' }).end(HTML_PAGE);
    else if (url === '/missing.png') res.writeHead(404).end();
    else if (url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (url === '/to-loopback-v6') res.writeHead(301, { location: 'http://[::1]/x.png' }).end();
    else if (url === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else if (hops) {
      const n = Number(hops[1]);
      if (n === 0) res.writeHead(200).end(png);
      else res.writeHead(302, { location: `/hop/${n - 1}` }).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  open = await startServer({ TANDEM_FETCH_ALLOW_HOSTS: '127.0.0.1', TANDEM_MAX_IMAGE_BYTES: '150000' });
  strict = await startServer();
  openDoc = await createDoc(open.url, 'Fetch');
  strictDoc = await createDoc(strict.url, 'Strict');
});
afterAll(async () => {
  await open.close();
  await strict.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

const fetchImage = (s: TestServer, d: CreatedDocument, url: string, token = d.editorToken) =>
  api(s.url, 'POST', `/api/documents/${d.id}/images/fetch`, { token, body: { url, tag: 'web', uploader: 'Cy' } });

async function expectRefused(s: TestServer, d: CreatedDocument, url: string, code: string, status: number) {
  const before = await storedState(s);
  const res = await fetchImage(s, d, url);
  expect(res.body.code, url).toBe(code);
  expect(res.status, url).toBe(status);
  expect(await storedState(s)).toEqual(before);
}

describe('remote images (server-side fetch)', () => {
  it('fetches an allowed host, runs the image pipeline and records it', async () => {
    const res = await fetchImage(open, openDoc, `${originUrl}/pics/sun%20set.png`);
    expect(res.status).toBe(201);
    expect(res.body.link).toMatch(/\/uploads\/[0-9a-f]{32}\.png$/);
    expect(res.body['data-name']).toBe('sun set.png');
    expect(res.body['data-width']).toBe(64);
    const row = await open.app.store.media.getUpload(String(res.body['data-id']));
    expect(row?.tag).toBe('web');
    expect(row?.uploader).toBe('Cy');
    // Same bytes again: the existing record.
    expect((await fetchImage(open, openDoc, `${originUrl}/hop/0`)).status).toBe(200);
  });

  it('follows up to the redirect limit and no further', async () => {
    expect((await fetchImage(open, openDoc, `${originUrl}/hop/3`)).status).toBe(200);
    await expectRefused(open, openDoc, `${originUrl}/hop/4`, 'IMAGE_BAD_LINK', 400);
  });

  it('refuses private, loopback, link-local, mapped and NAT64 addresses and other schemes', async () => {
    for (const url of [
      `${originUrl}/pics/sun%20set.png`,
      'http://localhost/x.png',
      'http://10.1.2.3/x.png',
      'http://192.168.0.1/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/x.png',
      'http://0x7f.1/x.png',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://[::ffff:8.8.8.8]/x.png',
      'http://[64:ff9b::a00:1]/x.png',
      'http://[fe80::1]/x.png',
      'http://[fd00::1]/x.png',
      'http://224.0.0.1/x.png',
      'file:///etc/passwd',
      'ftp://example.com/x.png',
      'javascript:alert(1)',
      'http://user:pass@example.com/x.png',
    ]) {
      await expectRefused(strict, strictDoc, url, 'REMOTE_URL_FORBIDDEN', 400);
    }
  });

  it('re-checks every redirect', async () => {
    await expectRefused(open, openDoc, `${originUrl}/to-metadata`, 'REMOTE_URL_FORBIDDEN', 400);
    await expectRefused(open, openDoc, `${originUrl}/to-loopback-v6`, 'REMOTE_URL_FORBIDDEN', 400);
    await expectRefused(open, openDoc, `${originUrl}/to-file`, 'REMOTE_URL_FORBIDDEN', 400);
  });

  it('answers IMAGE_BAD_LINK for unreachable and non-200 answers', async () => {
    await expectRefused(open, openDoc, `${originUrl}/missing.png`, 'IMAGE_BAD_LINK', 400);
    await expectRefused(open, openDoc, 'http://no-such-host.invalid/x.png', 'IMAGE_BAD_LINK', 400);
    await expectRefused(open, openDoc, 'not a url', 'IMAGE_BAD_LINK', 400);
  });

  it('caps the size while streaming and applies the image checks', async () => {
    await expectRefused(open, openDoc, `${originUrl}/big.png`, 'IMAGE_TOO_LARGE', 413);
    await expectRefused(open, openDoc, `${originUrl}/big-chunked.png`, 'IMAGE_TOO_LARGE', 413);
    await expectRefused(open, openDoc, `${originUrl}/flood.png`, 'IMAGE_TOO_MANY_PIXELS', 413);
    await expectRefused(open, openDoc, `${originUrl}/page.png`, 'IMAGE_INVALID_TYPE', 415);
  });

  it('needs an editor token', async () => {
    const before = await storedState(open);
    const viewer = await fetchImage(open, openDoc, `${originUrl}/hop/0`, openDoc.viewerToken);
    expect(viewer.body.code).toBe('FORBIDDEN');
    const none = await fetchImage(open, openDoc, `${originUrl}/hop/0`, '');
    expect(none.body.code).toBe('UNAUTHORIZED');
    expect(await storedState(open)).toEqual(before);
  });
});
