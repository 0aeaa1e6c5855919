/**
 * Several instances of the real server on one throwaway PostgreSQL and one Redis, for the scale-out tests:
 * registers the file's setup and teardown, and hands out instances and clients that it closes after each
 * test. Call inside a `describe` that is skipped when `instancesUnavailable()` says why.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectClient, type Client } from './collab-client';
import { freshDatabase, ownPostgres, postgresUnavailable, stopOwnPostgres, type PostgresCluster } from './postgres';
import { redisUnavailable, startRedis, type TestRedis } from './redis';
import { SHARED_SECRET, startServer, type TestServer } from './start-server';

export const instancesUnavailable = (): string | null => postgresUnavailable() ?? redisUnavailable();

export interface Instances {
  /** The file's Redis (tests kill, restart and flush it). */
  redis(): TestRedis;
  /** What an instance needs to join the others (database, bus, secret), e.g. as a process of its own. */
  env(): Record<string, string>;
  /** The file's PostgreSQL (tests pause and resume it). */
  postgres(): Promise<PostgresCluster>;
  /**
   * Starts `count` instances sharing the database, the bus, the secret and the first one's data dir;
   * `envOf(i)` goes over `env` for the i-th (one instance's Redis through a proxy, say).
   */
  start(
    count: number,
    opts?: { env?: Record<string, string>; envOf?: (index: number) => Record<string, string>; clock?: () => number },
  ): Promise<TestServer[]>;
  /** A client of `server` on the document, destroyed after the test. */
  client(server: TestServer, docId: string, token: string): Client;
  /** The test closed `server` itself: it is not closed again. */
  release(server: TestServer): void;
}

export function useInstances(): Instances {
  let redis: TestRedis | undefined;
  let databaseUrl = '';
  let servers: TestServer[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    databaseUrl = await freshDatabase(undefined);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  afterAll(async () => {
    await redis?.stop();
    await stopOwnPostgres();
  });

  const theRedis = (): TestRedis => {
    if (!redis) throw new Error('no Redis yet (use it inside a test)');
    return redis;
  };
  const shared = (): Record<string, string> => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: theRedis().url,
    TANDEM_SECRET: SHARED_SECRET,
  });
  return {
    redis: theRedis,
    env: shared,
    postgres: ownPostgres,
    async start(count, opts = {}) {
      const env = { ...shared(), ...opts.env };
      const envOf = (i: number): Record<string, string> => ({ ...env, ...opts.envOf?.(i) });
      const first = await startServer(envOf(0), undefined, { clock: opts.clock });
      servers.push(first);
      for (let i = 1; i < count; i++) servers.push(await startServer(envOf(i), first.dataDir, { clock: opts.clock }));
      return [...servers];
    },
    client(server, docId, token) {
      const c = connectClient(server.collabUrl, docId, token);
      clients.push(c);
      return c;
    },
    release(server) {
      servers = servers.filter((s) => s !== server);
    },
  };
}
