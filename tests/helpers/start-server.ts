import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenDocument } from '../../server/src/domain/collab/collab-core';
import { loadConfig } from '../../server/src/config';
import { buildServer } from '../../server/src/server';
import type { TestS3 } from './s3-server';

export const ADMIN_TOKEN = 'admin-token-for-tests';
/** The link secret of servers on PostgreSQL (DATABASE_URL needs TANDEM_SECRET): every instance shares it. */
export const SHARED_SECRET = 'link-secret-shared-by-test-instances';

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/collab */
  collabUrl: string;
  dataDir: string;
  /** Log lines the server wrote (JSON strings). */
  logs: string[];
  /** Where its upload blobs live: `local` (data/uploads) or `s3` (a bucket of the test's s3rver). */
  blobKind: 'local' | 's3';
  /** The stored names in its blob storage (files and thumbnails, never the local staging dir), sorted. */
  storedNames(): Promise<string[]>;
  /** Whether its blob storage holds `name`. */
  hasStored(name: string): Promise<boolean>;
  close(): Promise<void>;
}

// The integration-s3 project (tests/helpers/s3-setup.ts) sets a running s3rver: every server a test starts
// then keeps its blobs in a bucket of its own, the same one again when it restarts on the same data dir.
let testS3: TestS3 | undefined;
const buckets = new Map<string, string>();

// The integration-pg project (tests/helpers/pg-redis-setup.ts) sets a shared store: every server a test
// starts then keeps its documents in a PostgreSQL database of its data dir, and its bus on a Redis.
let testEngines: { database: (dataDir: string) => Promise<string>; redisUrl: (dataDir: string) => string } | undefined;

/** Runs the servers of the current test file on PostgreSQL + Redis (or back on SQLite). */
export function useTestEngines(engines: typeof testEngines): void {
  testEngines = engines;
}

/** `postgres` when the current file's servers run on PostgreSQL + Redis (integration-pg project). */
export const testEngine = (): 'sqlite' | 'postgres' => (testEngines ? 'postgres' : 'sqlite');

/** Runs the servers of the current test file on S3-compatible storage (or back on local disk). */
export function useTestS3(s3: TestS3 | undefined): void {
  testS3 = s3;
  buckets.clear();
}

/**
 * The TANDEM_S3_* variables of the servers on `dataDir` under the integration-s3 project (its bucket,
 * created once), for a CLI run that must see the same blobs; empty on local storage.
 */
export async function blobEnvFor(dataDir: string): Promise<Record<string, string>> {
  if (!testS3) return {};
  let bucket = buckets.get(dataDir);
  if (!bucket) {
    bucket = await testS3.createBucket();
    buckets.set(dataDir, bucket);
  }
  return testS3.env(bucket);
}

function localStoredNames(dir: string): string[] {
  const uploads = path.join(dir, 'uploads');
  if (!fs.existsSync(uploads)) return [];
  return fs
    .readdirSync(uploads, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

/** Starts the real app on port 0 with a fresh data directory; `close()` removes it again. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  opts: { clock?: () => number } = {},
): Promise<TestServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-test-'));
  const s3 = testS3 && env.TANDEM_S3_BUCKET === undefined ? testS3 : undefined;
  const s3Env = s3 ? await blobEnvFor(dir) : {};
  const bucket = s3Env.TANDEM_S3_BUCKET;
  const engineEnv: Record<string, string> =
    testEngines && env.DATABASE_URL === undefined
      ? {
          DATABASE_URL: await testEngines.database(dir),
          REDIS_URL: testEngines.redisUrl(dir),
          TANDEM_SECRET: SHARED_SECRET,
        }
      : {};
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TANDEM_DATA_DIR: dir,
    TANDEM_ADMIN_TOKEN: ADMIN_TOKEN,
    TANDEM_UNLOAD_GRACE_MS: '50',
    TANDEM_CLIENT_DIR: path.join(dir, 'no-client'),
    LOG_LEVEL: 'info',
    ...(env.DATABASE_URL ? { TANDEM_SECRET: SHARED_SECRET } : {}),
    ...s3Env,
    ...engineEnv,
    ...env,
  });
  const logs: string[] = [];
  const stream = { write: (line: string) => void logs.push(line) };
  const app = await buildServer({ config, logStream: stream, clock: opts.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const storedNames = async (): Promise<string[]> => (s3 && bucket ? s3.keys(bucket) : localStoredNames(dir));
  return {
    app,
    url,
    collabUrl: `ws://127.0.0.1:${address.port}/collab`,
    dataDir: dir,
    logs,
    blobKind: s3 ? 's3' : 'local',
    storedNames,
    async hasStored(name) {
      return (await storedNames()).includes(name);
    },
    async close() {
      await app.close();
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's open document (without loading one that is not open), once its changes are stored. */
export async function openDocument(server: TestServer, docId: string): Promise<OpenDocument | undefined> {
  if (!server.app.collab.isOpen(docId)) return undefined;
  return server.app.collab.withDocument(docId, (_doc, document) => document);
}
