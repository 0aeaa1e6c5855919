import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { errorBody } from '@shared/errors';
import { makeImage } from '../helpers/media-fixtures';
import { freshDatabase, postgresUnavailable, stopOwnPostgres } from '../helpers/postgres';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const unavailable = postgresUnavailable() ?? redisUnavailable();

/** A request of the real app from a given client address (what `request.ip` is without a trusted proxy). */
async function from(
  server: TestServer,
  ip: string,
  url: string,
  opts: { token?: string; json?: unknown; payload?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; retryAfter: string | undefined; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await server.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers,
    payload: opts.json !== undefined ? JSON.stringify(opts.json) : opts.payload,
  });
  const retryAfter = res.headers['retry-after'];
  return {
    status: res.statusCode,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    body: res.body ? (res.json() as Record<string, unknown>) : {},
  };
}

const create = (server: TestServer, ip: string) => from(server, ip, '/api/documents', { json: { title: 'Rate' } });

function expectRefused(res: { status: number; retryAfter: string | undefined; body: unknown }): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(errorBody('RATE_LIMITED'));
  expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
}

async function filePart(bytes: Buffer, name: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Two instances on one PostgreSQL and one Redis: a client's limit is one count, whichever instance it reaches. */
describe.skipIf(unavailable !== null)(
  `rate limits across instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let redis: TestRedis;
    let a: TestServer;
    let b: TestServer;

    beforeAll(async () => {
      redis = await startRedis();
      const env = {
        DATABASE_URL: await freshDatabase(undefined),
        REDIS_URL: redis.url,
        TANDEM_SECRET: 'a-shared-secret-for-rate-limits',
        TANDEM_RATE_CREATE_PER_IP: '4',
        TANDEM_RATE_UPLOAD_PER_IP: '10',
        TANDEM_RATE_UPLOAD_PER_TOKEN: '2',
      };
      a = await startServer(env);
      b = await startServer(env, a.dataDir);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await redis.stop();
      await stopOwnPostgres();
    });

    it('document creation: the fifth from one address is refused, whichever instance each request reached', async () => {
      for (const server of [a, b, a, b]) expect((await create(server, '198.51.100.7')).status).toBe(201);
      expectRefused(await create(a, '198.51.100.7'));
      expectRefused(await create(b, '198.51.100.7'));
      // Another address is counted apart, on both.
      expect((await create(b, '198.51.100.8')).status).toBe(201);
      expect((await create(a, '198.51.100.8')).status).toBe(201);
    });

    it('uploads: a token’s count is shared too, and apart from the address’s document creations', async () => {
      const doc = (await create(a, '203.0.113.1')).body as unknown as CreatedDocument;
      const url = `/api/documents/${doc.id}/images`;
      // The address that already used up its document creations may still upload (another counter).
      for (const [i, server] of [a, b].entries()) {
        const part = await filePart(await makeImage('png', { seed: 700 + i }), `r${i}.png`);
        expect((await from(server, '198.51.100.7', url, { token: doc.editorToken, ...part })).status).toBe(201);
      }
      const third = await filePart(await makeImage('png', { seed: 702 }), 'r2.png');
      expectRefused(await from(a, '192.0.2.50', url, { token: doc.editorToken, ...third }));
    });

    it('without Redis each instance counts alone and answers at once; with Redis back the count is shared again', async () => {
      await redis.kill();
      await retryUntil(() => expect([a.app.redis?.status, b.app.redis?.status]).not.toContain('ready'));
      const started = Date.now();
      // Each instance's own count: four each from the same address, the fifth refused.
      for (const server of [a, b]) {
        for (let i = 0; i < 4; i++) expect((await create(server, '198.51.100.20')).status).toBe(201);
        expectRefused(await create(server, '198.51.100.20'));
      }
      // Ten requests that Redis could not count took no Redis timeout each.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(a.logs.some((l) => l.includes('rate limits are counted per instance'))).toBe(true);

      await redis.restart();
      await retryUntil(() => expect([a.app.redis?.status, b.app.redis?.status]).toEqual(['ready', 'ready']), 10_000);
      for (const server of [b, a, b, a]) expect((await create(server, '198.51.100.21')).status).toBe(201);
      expectRefused(await create(b, '198.51.100.21'));
    });
  },
);
