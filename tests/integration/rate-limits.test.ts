import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { errorBody } from '@shared/errors';
import { makeImage } from '../helpers/media-fixtures';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const RATE_LIMITED = errorBody('RATE_LIMITED');

/** A request of the real app from a given client address (what `request.ip` is without a trusted proxy). */
async function from(
  server: TestServer,
  ip: string,
  method: 'POST' | 'GET',
  url: string,
  opts: { token?: string; json?: unknown; payload?: Buffer; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers,
    payload: opts.json !== undefined ? JSON.stringify(opts.json) : opts.payload,
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body ? (res.json() as Record<string, unknown>) : {},
  };
}

async function createFrom(server: TestServer, ip: string): Promise<CreatedDocument> {
  const res = await from(server, ip, 'POST', '/api/documents', { json: { title: 'Rate' } });
  expect(res.status).toBe(201);
  return res.body as unknown as CreatedDocument;
}

/** A multipart body with one `file` part, as a browser would send it. */
async function filePart(bytes: Buffer, name: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

function expectRateLimited(res: { status: number; headers: Record<string, unknown>; body: unknown }, maxS = 60) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(RATE_LIMITED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxS);
}

describe('rate limits per address and per token', () => {
  let server: TestServer;
  let seq = 0;
  /** A fresh address for setup requests, so they count against nothing a test looks at. */
  const spareIp = (): string => `192.0.2.${++seq}`;

  beforeAll(async () => {
    server = await startServer({
      TANDEM_RATE_CREATE_PER_IP: '3',
      TANDEM_RATE_UPLOAD_PER_IP: '3',
      TANDEM_RATE_UPLOAD_PER_TOKEN: '2',
      TANDEM_RATE_SNAPSHOT_PER_IP: '3',
      TANDEM_RATE_SNAPSHOT_PER_TOKEN: '2',
      TANDEM_RATE_EXPORT_PER_TOKEN: '2',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('document creation: the fourth from one address gets 429 with Retry-After; another address does not', async () => {
    for (let i = 0; i < 3; i++) await createFrom(server, '198.51.100.1');
    expectRateLimited(await from(server, '198.51.100.1', 'POST', '/api/documents', { json: {} }));
    // X-Forwarded-For is not believed without TANDEM_TRUST_PROXY.
    const spoofed = await from(server, '198.51.100.1', 'POST', '/api/documents', {
      json: {},
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expectRateLimited(spoofed);
    await createFrom(server, '198.51.100.2');
    // One IPv6 client is one /64.
    for (let i = 0; i < 3; i++) await createFrom(server, `2001:db8:5::${i + 1}`);
    expectRateLimited(await from(server, '2001:db8:5::ffff', 'POST', '/api/documents', { json: {} }));
    await createFrom(server, '2001:db8:6::1');
  });

  it('uploads: a token over its count is refused from any address; other tokens are not', async () => {
    const a = await createFrom(server, spareIp());
    const b = await createFrom(server, spareIp());
    const url = (doc: CreatedDocument) => `/api/documents/${doc.id}/images`;
    for (const [i, ip] of ['10.1.0.1', '10.1.0.2'].entries()) {
      const part = await filePart(await makeImage('png', { seed: 900 + i }), `a${i}.png`);
      expect((await from(server, ip, 'POST', url(a), { token: a.editorToken, ...part })).status).toBe(201);
    }
    const third = await filePart(await makeImage('png', { seed: 902 }), 'a2.png');
    expectRateLimited(await from(server, '10.1.0.3', 'POST', url(a), { token: a.editorToken, ...third }));
    expect((await from(server, '10.1.0.3', 'POST', url(b), { token: b.editorToken, ...third })).status).toBe(201);
  });

  it('uploads: an address over its count is refused whatever token it brings; other addresses are not', async () => {
    const docs = [];
    for (let i = 0; i < 5; i++) docs.push(await createFrom(server, spareIp()));
    const part = await filePart(await makeImage('png', { seed: 910 }), 'same.png');
    for (const doc of docs.slice(0, 3)) {
      const res = await from(server, '10.2.0.1', 'POST', `/api/documents/${doc.id}/files`, {
        token: doc.editorToken,
        ...part,
      });
      expect(res.status).toBe(201);
    }
    const [fourth, fifth] = docs.slice(3);
    if (!fourth || !fifth) throw new Error('no documents');
    const over = await from(server, '10.2.0.1', 'POST', `/api/documents/${fourth.id}/videos`, {
      token: fourth.editorToken,
      ...part,
    });
    expectRateLimited(over);
    const other = await from(server, '10.2.0.2', 'POST', `/api/documents/${fifth.id}/files`, {
      token: fifth.editorToken,
      ...part,
    });
    expect(other.status).toBe(201);
  });

  it('snapshots: counted per token and per address before the body is read', async () => {
    const a = await createFrom(server, spareIp());
    const b = await createFrom(server, spareIp());
    const save = (doc: CreatedDocument, ip: string, body: unknown = { body: `<p>${ip}</p>` }) =>
      from(server, ip, 'POST', `/api/documents/${doc.id}/snapshots`, { token: doc.editorToken, json: body });
    expect((await save(a, '10.3.0.1')).status).toBe(200);
    expect((await save(a, '10.3.0.2')).status).toBe(200);
    expectRateLimited(await save(a, '10.3.0.3'));
    expect((await save(b, '10.3.0.3')).status).toBe(200);
    expect((await save(b, '10.3.0.3')).status).toBe(200);
    // The address 10.3.0.3 has now made three saves: the fourth is refused, even a malformed one.
    const c = await createFrom(server, spareIp());
    expectRateLimited(await save(c, '10.3.0.3', { nobody: true }));
    expect((await save(c, '10.3.0.4')).status).toBe(200);
  });

  it('exports: a token over its count is refused; the other token of the document is not', async () => {
    const doc = await createFrom(server, spareIp());
    const exportAs = (token: string, ip: string) =>
      from(server, ip, 'GET', `/api/documents/${doc.id}/export?format=text`, { token });
    expect((await exportAs(doc.viewerToken, '10.5.0.1')).status).toBe(200);
    expect((await exportAs(doc.viewerToken, '10.5.0.2')).status).toBe(200);
    expectRateLimited(await exportAs(doc.viewerToken, '10.5.0.3'));
    expect((await exportAs(doc.editorToken, '10.5.0.3')).status).toBe(200);
  });

  it('requests of routes without a limit are never counted', async () => {
    const doc = await createFrom(server, spareIp());
    for (let i = 0; i < 10; i++) {
      const res = await from(server, '10.4.0.1', 'GET', `/api/documents/${doc.id}`, { token: doc.viewerToken });
      expect(res.status).toBe(200);
    }
  });
});

describe('remote image fetches', () => {
  let server: TestServer;
  let origin: http.Server;
  let originUrl: string;
  let png: Buffer;
  let release: () => void = () => undefined;
  let slowSeen: () => void = () => undefined;

  beforeAll(async () => {
    png = await makeImage('png', { seed: 920 });
    origin = http.createServer((req, res) => {
      if (req.url === '/slow.png') {
        slowSeen();
        const done = new Promise<void>((resolve) => (release = resolve));
        void done.then(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
      } else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    server = await startServer({
      TANDEM_FETCH_ALLOW_HOSTS: '127.0.0.1',
      TANDEM_FETCH_CONCURRENCY: '1',
      TANDEM_RATE_FETCH_PER_TOKEN: '2',
    });
  });
  afterAll(async () => {
    release();
    await server.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  const fetchImage = (doc: CreatedDocument, path: string, ip = '127.0.0.1') =>
    from(server, ip, 'POST', `/api/documents/${doc.id}/images/fetch`, {
      token: doc.editorToken,
      json: { url: `${originUrl}${path}` },
    });

  it('refuses a fetch beyond the process-wide concurrency cap at once, and admits the next one after', async () => {
    const a = await createFrom(server, '10.5.0.1');
    const b = await createFrom(server, '10.5.0.2');
    const seen = new Promise<void>((resolve) => (slowSeen = resolve));
    const slow = fetchImage(a, '/slow.png');
    await seen;
    expect(server.app.remoteFetchGate.inUse).toBe(1);
    expectRateLimited(await fetchImage(b, '/quick.png', '10.5.0.9'), 1);
    release();
    expect((await slow).status).toBe(201);
    await retryUntil(() => expect(server.app.remoteFetchGate.inUse).toBe(0));
    expect((await fetchImage(b, '/quick.png', '10.5.0.9')).status).toBe(201);
  });

  it('counts fetches per token', async () => {
    const a = await createFrom(server, '10.6.0.1');
    const b = await createFrom(server, '10.6.0.2');
    expect((await fetchImage(a, '/one.png', '10.6.1.1')).status).toBe(201);
    expect((await fetchImage(a, '/two.png', '10.6.1.2')).status).toBe(200);
    expectRateLimited(await fetchImage(a, '/three.png', '10.6.1.3'));
    expect((await fetchImage(b, '/one.png', '10.6.1.3')).status).toBe(201);
  });
});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_TRUST_PROXY: '127.0.0.1', TANDEM_RATE_CREATE_PER_IP: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts the client address X-Forwarded-For names, but only when the proxy's own address is trusted", async () => {
    const create = (ip: string, forwarded: string) =>
      from(server, ip, 'POST', '/api/documents', { json: {}, headers: { 'x-forwarded-for': forwarded } });
    expect((await create('127.0.0.1', '203.0.113.5')).status).toBe(201);
    expectRateLimited(await create('127.0.0.1', '203.0.113.5'));
    expect((await create('127.0.0.1', '203.0.113.6')).status).toBe(201);
    // Another sender's header is not believed: it is counted under its own address.
    expect((await create('198.51.100.7', '203.0.113.7')).status).toBe(201);
    expectRateLimited(await create('198.51.100.7', '203.0.113.8'));
  });
});
