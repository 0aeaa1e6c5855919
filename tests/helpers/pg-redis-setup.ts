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
  useTestEngines({
    redisUrl: redis.url,
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
