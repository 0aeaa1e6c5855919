import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenDocument } from '../../server/src/domain/collab/collab-core';
import { loadConfig } from '../../server/src/config';
import { buildServer } from '../../server/src/server';

export const ADMIN_TOKEN = 'admin-token-for-tests';

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/collab */
  collabUrl: string;
  dataDir: string;
  /** Log lines the server wrote (JSON strings). */
  logs: string[];
  close(): Promise<void>;
}

/** Starts the real app on port 0 with a fresh data directory; `close()` removes it again. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  opts: { clock?: () => number } = {},
): Promise<TestServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TANDEM_DATA_DIR: dir,
    TANDEM_ADMIN_TOKEN: ADMIN_TOKEN,
    TANDEM_UNLOAD_GRACE_MS: '50',
    TANDEM_CLIENT_DIR: path.join(dir, 'no-client'),
    LOG_LEVEL: 'info',
    ...env,
  });
  const logs: string[] = [];
  const stream = { write: (line: string) => void logs.push(line) };
  const app = await buildServer({ config, logStream: stream, clock: opts.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    collabUrl: `ws://127.0.0.1:${address.port}/collab`,
    dataDir: dir,
    logs,
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
