import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, documentText, paragraph, waitSynced } from '../helpers/collab-client';
import { freshDatabase, postgresUnavailable, stopOwnPostgres } from '../helpers/postgres';
import { retryUntil } from '../helpers/retry-until';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

const unavailable = postgresUnavailable();

/** The whole server on PostgreSQL (DATABASE_URL): edits stored there are what a second instance serves. */
describe.skipIf(unavailable !== null)(`server on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let databaseUrl: string;
  const servers: TestServer[] = [];
  const env = (): Record<string, string> => ({ DATABASE_URL: databaseUrl });

  beforeAll(async () => {
    databaseUrl = await freshDatabase(undefined);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await stopOwnPostgres();
  });

  it('stores, compacts and serves a document from PostgreSQL across instances', async () => {
    const first = await startServer(env());
    servers.push(first);
    const { id, editorToken: token } = await createDoc(first.url, 'On PostgreSQL');
    const writer = connectClient(first.collabUrl, id, token);
    await waitSynced(writer);
    writer.doc.transact(() => {
      contentOf(writer.doc).insert(
        0,
        Array.from({ length: 20 }, (_, i) => paragraph(`Paragraph ${i}.`)),
      );
    });
    const text = documentText(writer.doc);
    await retryUntil(async () => expect(documentText((await openDocument(first, id))?.doc ?? new Y.Doc())).toBe(text));
    writer.destroy();
    // Unloaded after its last client left: compacted into one checked state in PostgreSQL.
    await retryUntil(async () => {
      expect(first.app.collab.isOpen(id)).toBe(false);
      expect((await first.app.store.updates.load(id)).checkedAs).not.toBeNull();
    });

    // A second instance on the same data directory (the uploads live there) and TANDEM_SECRET (startServer sets it).
    const second = await startServer(env(), first.dataDir);
    servers.push(second);
    expect((await second.app.store.documents.get(id))?.title).toBe('On PostgreSQL');
    const reader = connectClient(second.collabUrl, id, token);
    try {
      await waitSynced(reader);
      await retryUntil(() => expect(documentText(reader.doc)).toBe(text));
    } finally {
      reader.destroy();
    }
  });
});
