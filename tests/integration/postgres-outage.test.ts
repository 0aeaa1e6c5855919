import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { connectClient, documentText, typeText, waitSynced } from '../helpers/collab-client';
import {
  createDatabase,
  pausePostgres,
  postgresUnavailable,
  resumePostgres,
  startPostgres,
  stopPostgres,
  type PostgresCluster,
} from '../helpers/postgres';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const unavailable = postgresUnavailable();

/** PostgreSQL is the log: while it is gone nothing unstored reaches anyone, and nothing is lost after. */
describe.skipIf(unavailable !== null)(`PostgreSQL outage${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-pg-outage-')));
    server = await startServer({ DATABASE_URL: await createDatabase(cluster, 'outage') });
  });
  afterAll(async () => {
    await server?.close();
    if (cluster) stopPostgres(cluster.dir);
  });

  it('fails closed while PostgreSQL is down (no broadcast of unstored edits) and stores them once it is back', async () => {
    const { id, editorToken } = await createDoc(server.url, 'Outage');
    const writer = connectClient(server.collabUrl, id, editorToken);
    const reader = connectClient(server.collabUrl, id, editorToken);
    try {
      await Promise.all([waitSynced(writer), waitSynced(reader)]);
      typeText(writer.doc, 0, 'stored ');
      await retryUntil(() => expect(documentText(reader.doc)).toBe('stored '));

      pausePostgres(cluster);
      typeText(writer.doc, 0, 'during');
      await retryUntil(() => expect(writer.closeCodes).toContain(CloseCode.STORAGE_FAILED.code), 15_000);
      expect(documentText(reader.doc)).toBe('stored ');
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);

      resumePostgres(cluster);
      // The writer kept its edit and sends it again when it reconnects: now stored, it reaches the reader.
      await retryUntil(() => expect(documentText(reader.doc)).toBe('duringstored '), 20_000);
      await retryUntil(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200), 10_000);
    } finally {
      writer.destroy();
      reader.destroy();
    }
  });
});
