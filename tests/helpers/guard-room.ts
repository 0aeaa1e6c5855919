import { expect } from 'vitest';
import { createDoc } from './api';
import {
  connectClient,
  contentOf,
  paragraph,
  rawSocket,
  updateMessage,
  waitSynced,
  type Client,
} from './collab-client';
import { retryUntil } from './retry-until';
import { startServer, type TestServer } from './start-server';

/** A server, a document holding one paragraph "text", and two synced authors: the stage of the guard tests. */
export interface GuardRoom {
  server: TestServer;
  docId: string;
  token: string;
  authors: [Client, Client];
  /** Sends one update from a raw socket (a hostile client) and resolves the close code it gets. */
  sendUpdate(update: Uint8Array): Promise<number>;
  close(): Promise<void>;
}

export async function openGuardRoom(env: Record<string, string> = {}): Promise<GuardRoom> {
  const server = await startServer(env);
  const created = await createDoc(server.url);
  const docId = created.id;
  const token = created.editorToken;
  const authors: [Client, Client] = [
    connectClient(server.collabUrl, docId, token),
    connectClient(server.collabUrl, docId, token),
  ];
  await Promise.all(authors.map((a) => waitSynced(a)));
  await retryUntil(() => expect(contentOf(authors[0].doc).length).toBe(1));
  authors[0].doc.transact(() => {
    contentOf(authors[0].doc).delete(0, contentOf(authors[0].doc).length);
    contentOf(authors[0].doc).insert(0, [paragraph('text')]);
  });
  await retryUntil(() => expect(contentOf(authors[1].doc).toString()).toContain('text'));
  return {
    server,
    docId,
    token,
    authors,
    async sendUpdate(update) {
      const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
      ws.send(updateMessage(update));
      return (await closed).code;
    },
    async close() {
      for (const a of authors) a.destroy();
      await server.close();
    },
  };
}
