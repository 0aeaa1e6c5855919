// Setup file of the integration-pg project: the test file's servers keep their documents in PostgreSQL (a
// database per data directory, so a restarted server finds its documents again) and share a Redis bus.
import { afterAll, beforeAll, inject } from 'vitest';
import { freshDatabase } from './postgres';
import { startRedis, type TestRedis } from './redis';
import { useTestEngines } from './start-server';

let redis: TestRedis | undefined;

beforeAll(async () => {
  redis = await startRedis();
  const databases = new Map<string, Promise<string>>();
  const runDir = inject('tandemPostgresDir');
  // Each data directory (one deployment; a restart keeps it) counts its rate limits in a Redis database
  // of its own, as separate deployments would: the servers of one file must not share an address's budget.
  const redisDbs = new Map<string, number>();
  useTestEngines({
    redisUrl: (dataDir) => {
      let db = redisDbs.get(dataDir);
      if (db === undefined) redisDbs.set(dataDir, (db = redisDbs.size % 16));
      return `${redis?.url ?? ''}/${db}`;
    },
    database: (dataDir) => {
      let url = databases.get(dataDir);
      if (!url) {
        url = freshDatabase(runDir);
        databases.set(dataDir, url);
      }
      return url;
    },
  });
});

afterAll(async () => {
  useTestEngines(undefined);
  await redis?.stop();
});
