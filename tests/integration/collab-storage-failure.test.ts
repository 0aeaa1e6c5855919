import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { connectClient, documentText, typeText, waitSynced } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

describe('storage failure', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('never broadcasts an update it could not store, and recovers once the store works again', async () => {
    const created = await createDoc(server.url);
    const writer = connectClient(server.collabUrl, created.id, created.editorToken);
    const reader = connectClient(server.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(writer), waitSynced(reader)]);
    // A real failure: another process-like connection holds the write lock past the busy timeout.
    const locker = new Database(path.join(server.dataDir, 'tandem.sqlite'));
    locker.exec('BEGIN IMMEDIATE');
    try {
      typeText(writer.doc, 0, 'unstored');
      await retryUntil(() => expect(writer.closeCodes).toContain(CloseCode.STORAGE_FAILED.code), 15_000);
      expect(documentText(reader.doc)).toBe('');
      locker.exec('COMMIT');
      // The writer still holds its edit and re-sends it on reconnect; now it is stored and reaches the reader.
      await retryUntil(() => expect(documentText(reader.doc)).toBe('unstored'), 10_000);
    } finally {
      if (locker.inTransaction) locker.exec('ROLLBACK');
      locker.close();
      writer.destroy();
      reader.destroy();
    }
  });
});
