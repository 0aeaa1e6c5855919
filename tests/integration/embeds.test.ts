import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { api, createDoc } from '../helpers/api';
import { makeImage } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

/**
 * Embed cards (FROALA-REFERENCE §38) against a small fixture site on 127.0.0.1: Open Graph and oEmbed pages,
 * a script in an oEmbed `html` (never kept), redirects to private addresses, oversized and slow bodies,
 * the private-address refusal without the allow-list, and the per-URL cache.
 */
let site: http.Server;
let siteUrl: string;
let png: Buffer;
const hits = new Map<string, number>();
let open: TestServer;
let strict: TestServer;
let openDoc: CreatedDocument;
let strictDoc: CreatedDocument;

const page = (head: string, body = '<p>Body</p>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

beforeAll(async () => {
  png = await makeImage('png', { width: 80, height: 40, seed: 4242 });
  site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url === '/og') {
      html(
        page(
          `<title>Plain title</title><meta property="og:title" content="Fixture &amp; friends">
           <meta property="og:description" content="A page made for the embed tests.">
           <meta property="og:site_name" content="Fixture Site"><meta property="og:image" content="/pic.png">
           <script>window.evil = 1</script>`,
          '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
        ),
      );
    } else if (url === '/pic.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (url === '/oembed-page') {
      html(page('<link rel="alternate" type="application/json+oembed" href="/oembed.json"><title>Fallback</title>'));
    } else if (url === '/oembed.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'rich',
          version: '1.0',
          title: 'From oEmbed',
          provider_name: 'Fixture oEmbed',
          html: '<script src="https://evil.example/x.js"></script><div onclick="alert(1)">x</div>',
          thumbnail_url: '/pic.png',
        }),
      );
    } else if (url === '/nothing') html('<!doctype html><html><head></head><body>no metadata</body></html>');
    else if (url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (url === '/to-loopback') res.writeHead(302, { location: 'http://[::1]/og' }).end();
    else if (url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html', 'transfer-encoding': 'chunked' });
      res.write(`<html><head><title>Huge</title></head><body>${'x'.repeat(40_000)}`);
      res.end(`${'y'.repeat(40_000)}</body></html>`);
    } else if (url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Slow');
      // Never finishes within the server's fetch time.
      const timer = setTimeout(() => res.end('</title></head></html>'), 5_000);
      res.on('close', () => clearTimeout(timer));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  open = await startServer({
    TANDEM_FETCH_ALLOW_HOSTS: '127.0.0.1',
    TANDEM_EMBED_FETCH_TIMEOUT_MS: '800',
    TANDEM_EMBED_MAX_PAGE_BYTES: '50000',
  });
  strict = await startServer();
  openDoc = await createDoc(open.url, 'Embeds');
  strictDoc = await createDoc(strict.url, 'Strict embeds');
});
afterAll(async () => {
  await open.close();
  await strict.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const embed = (s: TestServer, d: CreatedDocument, url: string, token = d.editorToken) =>
  api(s.url, 'POST', `/api/documents/${d.id}/embeds`, { token, body: { url } });

describe('embed cards (server)', () => {
  it('reads Open Graph data and re-hosts the picture as one of the document’s uploads', async () => {
    const res = await embed(open, openDoc, `${siteUrl}/og`);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('card');
    const card = res.body.card as Record<string, unknown>;
    expect(card).toMatchObject({
      url: `${siteUrl}/og`,
      title: 'Fixture & friends',
      description: 'A page made for the embed tests.',
      siteName: 'Fixture Site',
    });
    expect(card.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(JSON.stringify(res.body)).not.toMatch(/[<>]|evil|alert/);
    const stored = await fetch(`${open.url}${String(card.image)}`);
    expect(stored.status).toBe(200);
  });

  it('answers the same URL from its cache (the site is not asked again)', async () => {
    const before = hits.get('/og') ?? 0;
    const res = await embed(open, openDoc, `${siteUrl}/og`);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('card');
    expect(hits.get('/og')).toBe(before);
  });

  it('reads an oEmbed answer’s title, provider and thumbnail and never its html', async () => {
    const res = await embed(open, openDoc, `${siteUrl}/oembed-page`);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('card');
    const card = res.body.card as Record<string, unknown>;
    expect(card.title).toBe('From oEmbed');
    expect(card.siteName).toBe('Fixture oEmbed');
    expect(card.image).toMatch(/^\/uploads\//);
    expect(JSON.stringify(res.body)).not.toMatch(/[<>]|evil|alert|onclick/);
  });

  it('answers "link" for a page without metadata and "video" for an allowed video host', async () => {
    expect((await embed(open, openDoc, `${siteUrl}/nothing`)).body).toEqual({
      kind: 'link',
      url: `${siteUrl}/nothing`,
    });
    const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect((await embed(open, openDoc, video)).body).toEqual({ kind: 'video', url: video });
  });

  it.each([
    ['/to-metadata', 'REMOTE_URL_FORBIDDEN', 400],
    ['/to-loopback', 'REMOTE_URL_FORBIDDEN', 400],
    ['/huge', 'EMBED_PAGE_TOO_LARGE', 413],
    ['/slow', 'EMBED_FETCH_FAILED', 502],
    ['/missing', 'EMBED_FETCH_FAILED', 502],
  ])('refuses %s with %s', async (path, code, status) => {
    const res = await embed(open, openDoc, `${siteUrl}${path}`);
    expect(res.body.code).toBe(code);
    expect(res.status).toBe(status);
  });

  it('refuses a private address without the allow-list, and addresses that are not http(s)', async () => {
    const res = await embed(strict, strictDoc, `${siteUrl}/og`);
    expect(res.body.code).toBe('REMOTE_URL_FORBIDDEN');
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://user:pw@example.com/']) {
      expect((await embed(strict, strictDoc, url)).body.code, url).toBe('EMBED_URL_INVALID');
    }
  });

  it('needs an editor link', async () => {
    const res = await embed(open, openDoc, `${siteUrl}/og`, openDoc.viewerToken);
    expect(res.status).toBe(403);
  });
});
