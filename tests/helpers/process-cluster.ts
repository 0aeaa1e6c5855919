import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Client } from './collab-client';
import { freshDatabase, stopOwnPostgres } from './postgres';
import { startRedis, type TestRedis } from './redis';
import { bundleServer, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

/** One Tandem process of a cluster; `port` when it was started on a fixed one (restarts keep it). */
export interface ClusterProcess extends ServerProcess {
  port?: number;
  dataDir: string;
}

export interface ProcessCluster {
  /**
   * Starts the bundled server as a process of its own on the file's PostgreSQL and Redis, with a fresh data
   * directory unless given (a restart passes the old one and its port). Killed after each test.
   */
  start(opts?: { port?: number; dataDir?: string }): Promise<ClusterProcess>;
  /** Destroys `client` after the test; returns it. */
  track(client: Client): Client;
}

/**
 * Instances as real processes (for SIGKILL and restarts), sharing one database, one Redis and one secret.
 * Registers the file's hooks; use it at the top of a `describe`.
 */
export function useProcessCluster(bundleName: string): ProcessCluster {
  let entry = '';
  let redis: TestRedis | undefined;
  let env: Record<string, string> = {};
  const started: ClusterProcess[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    entry = await bundleServer(bundleName);
    redis = await startRedis();
    env = {
      DATABASE_URL: await freshDatabase(undefined),
      REDIS_URL: redis.url,
      TANDEM_SECRET: 'a-shared-secret-for-the-instances',
    };
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    const procs = started.splice(0);
    await Promise.all(procs.map((p) => stopServerProcess(p, 'SIGKILL')));
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await redis?.stop();
    await stopOwnPostgres();
  });

  return {
    async start(opts = {}) {
      const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-process-'));
      const port: Record<string, string> = opts.port === undefined ? {} : { PORT: String(opts.port) };
      const proc = await startServerProcess(entry, { ...env, ...port, TANDEM_DATA_DIR: dataDir });
      const instance = { ...proc, port: opts.port, dataDir };
      started.push(instance);
      return instance;
    },
    track(client) {
      clients.push(client);
      return client;
    },
  };
}
