import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { resolveTarget, safeFetch, type SafeFetchOptions } from './safe-fetch';

let server: http.Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/ok') res.end('hello');
    else if (req.url === '/slow') setTimeout(() => res.end('late'), 2_000);
    else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const opts = (over: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  maxBytes: 100,
  timeoutMs: 1_000,
  maxRedirects: 1,
  allowHosts: ['127.0.0.1'],
  tooLargeCode: 'IMAGE_TOO_LARGE',
  ...over,
});

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('safeFetch', () => {
  it('fetches an allowlisted host and follows a redirect', async () => {
    const res = await safeFetch(`${base}/redirect`, opts());
    expect(res.bytes.toString()).toBe('hello');
    expect(res.url.pathname).toBe('/ok');
  });

  it('refuses private addresses before connecting unless allowlisted', async () => {
    const before = hits;
    expect(await codeOf(safeFetch(`${base}/ok`, opts({ allowHosts: [] })))).toBe('REMOTE_URL_FORBIDDEN');
    expect(hits).toBe(before);
  });

  it('caps the size, the time and the non-200 answers', async () => {
    expect(await codeOf(safeFetch(`${base}/ok`, opts({ maxBytes: 4 })))).toBe('IMAGE_TOO_LARGE');
    expect(await codeOf(safeFetch(`${base}/slow`, opts({ timeoutMs: 100 })))).toBe('IMAGE_BAD_LINK');
    expect(await codeOf(safeFetch(`${base}/error`, opts()))).toBe('IMAGE_BAD_LINK');
    expect(await codeOf(safeFetch(`${base}/redirect`, opts({ maxRedirects: 0 })))).toBe('IMAGE_BAD_LINK');
  });

  it('checks scheme and credentials and resolves literal addresses', async () => {
    expect(await codeOf(resolveTarget('gopher://x/', []))).toBe('REMOTE_URL_FORBIDDEN');
    expect(await codeOf(resolveTarget('http://a:b@8.8.8.8/', []))).toBe('REMOTE_URL_FORBIDDEN');
    expect(await resolveTarget('http://8.8.8.8/x', [])).toMatchObject({ address: '8.8.8.8', family: 4 });
    expect(await codeOf(resolveTarget('http://[::ffff:7f00:1]/', []))).toBe('REMOTE_URL_FORBIDDEN');
  });
});
