import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotReadyDetails, Ready } from '@shared/api/health';
import { CloseCode } from '@shared/collab/close-codes';
import { ConfigError, loadConfig } from '../../server/src/config';
import { buildServer } from '../../server/src/server';
import { api, createDoc } from '../helpers/api';
import { runCli } from '../helpers/cli';
import { appendParagraph, connectClient, contentOf, documentText, waitSynced } from '../helpers/collab-client';
import { freshDatabase, postgresUnavailable, stopOwnPostgres } from '../helpers/postgres';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startS3, type TestS3 } from '../helpers/s3-server';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';

const unavailable = postgresUnavailable() ?? redisUnavailable();

/**
 * Operating several instances (issue 27 point 5): readiness over PostgreSQL, Redis and S3, the shared link
 * secret, the whole-store backup refused on PostgreSQL, and a graceful stop that drains its connections.
 */
describe.skipIf(unavailable !== null)(`scale-out operations${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let databaseUrl: string;
  let redis: TestRedis;
  let s3: TestS3;
  let bucket: string;
  let s3Closed = false;
  const servers: TestServer[] = [];
  const dirs: string[] = [];
  const env = (): Record<string, string> => ({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url, ...s3.env(bucket) });
  const start = async (dataDir?: string): Promise<TestServer> => {
    const server = await startServer(env(), dataDir);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    [databaseUrl, redis, s3] = await Promise.all([freshDatabase(undefined), startRedis(), startS3()]);
    bucket = await s3.createBucket();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all([redis?.stop(), s3Closed ? undefined : s3?.close(), stopOwnPostgres()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is ready with PostgreSQL, Redis and S3; names Redis while it is down, and is ready again when it is back', async () => {
    const server = await start();
    await retryUntil(async () => {
      const ready = await api(server.url, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body as unknown as Ready).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', storage: 'ok' },
      });
    });

    await redis.kill();
    await retryUntil(async () => {
      const res = await api(server.url, 'GET', '/readyz');
      expect([res.status, res.body.code]).toEqual([503, 'NOT_READY']);
      expect(res.body.details as NotReadyDetails).toEqual({
        failed: ['redis'],
        checks: { database: 'ok', redis: 'failed', storage: 'ok' },
      });
    });
    // The process itself is fine: liveness stays green, so an orchestrator does not restart it.
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);

    await redis.restart();
    // ioredis reconnects at most every 2 s.
    await retryUntil(async () => expect((await api(server.url, 'GET', '/readyz')).status).toBe(200), 10_000);
  });

  it('refuses to start on PostgreSQL without TANDEM_SECRET, before it writes a secret of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-secret-'));
    dirs.push(dir);
    const config = loadConfig({ DATABASE_URL: databaseUrl, TANDEM_DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const refused = await buildServer({ config }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/TANDEM_SECRET is required with DATABASE_URL/);
    expect(fs.existsSync(path.join(dir, 'secret'))).toBe(false);

    // `tandem import-document` prints links: it refuses too, before importing anything.
    const archive = path.join(dir, 'doc.json.gz');
    fs.writeFileSync(archive, 'not read');
    const cli = await runCli(['import-document', archive, '--data-dir', dir], { DATABASE_URL: databaseUrl });
    expect(cli.code).toBe(2);
    expect(cli.stdout + cli.stderr).toContain('TANDEM_SECRET is required with DATABASE_URL');
  });

  it('answers the admin backup with BACKUP_USE_PG_DUMP on PostgreSQL', async () => {
    const server = servers[0] ?? (await start());
    const res = await api(server.url, 'POST', '/api/admin/backup', { token: ADMIN_TOKEN });
    expect([res.status, res.body.code]).toEqual([409, 'BACKUP_USE_PG_DUMP']);
    expect(res.body.message).toContain('pg_dump');
    expect(res.body.details).toMatchObject({ uploads: 'copy the bucket' });
    // Single documents still move between any two deployments.
    const created = await createDoc(server.url, 'Archived');
    const archive = await fetch(`${server.url}/api/admin/documents/${created.id}/archive`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(archive.status).toBe(200);
  });

  it('drains on shutdown: stores every edit a client saw, closes sockets with a retryable code', async () => {
    const first = await start();
    const second = await start();
    const created = await createDoc(first.url, 'Rolling restart');
    const observer = connectClient(first.collabUrl, created.id, created.editorToken);
    const writer = connectClient(first.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(observer), waitSynced(writer)]);
    const seen = new Set<string>();
    contentOf(observer.doc).observe(() => {
      for (const line of documentText(observer.doc).split('\n')) if (line) seen.add(line);
    });
    let stop = false;
    const typing = (async () => {
      for (let n = 0; !stop; n++) {
        appendParagraph(writer.doc, `edit-${n}`);
        await sleep(2);
      }
    })();
    await retryUntil(() => expect(seen.size).toBeGreaterThan(20));

    await first.app.close();
    servers.splice(servers.indexOf(first), 1);
    stop = true;
    await typing;
    // Every socket heard "server shutting down", a code the client reconnects on (to another instance).
    for (const client of [observer, writer]) expect(client.closeCodes).toContain(CloseCode.SHUTTING_DOWN.code);
    expect(CloseCode.SHUTTING_DOWN.retry).toBe(true);
    // It no longer accepts anything.
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
    const seenAtStop = [...seen];
    observer.destroy();
    writer.destroy();

    const fresh = connectClient(second.collabUrl, created.id, created.editorToken);
    try {
      await waitSynced(fresh);
      await retryUntil(() => {
        const stored = new Set(documentText(fresh.doc).split('\n'));
        expect(seenAtStop.filter((line) => !stored.has(line))).toEqual([]);
      });
    } finally {
      fresh.destroy();
    }
  });

  it('names the upload storage when the S3 server is gone', async () => {
    const server = servers[0] ?? (await start());
    s3Closed = true;
    await s3.close();
    await retryUntil(async () => {
      const res = await api(server.url, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect((res.body.details as NotReadyDetails).failed).toEqual(['storage']);
    }, 10_000);
  });
});
