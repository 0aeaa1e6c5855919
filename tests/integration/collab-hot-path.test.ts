import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, documentText, textOf, typeText, waitSynced } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';
import * as Y from 'yjs';

/**
 * The broadcast and storage shortcuts of the collaboration hot path: keystrokes stored and relayed as
 * received (the guard's exact verdict), one frame written to every socket, large frames included.
 */
describe('collaboration hot path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('relays and stores every keystroke and deletion, one update each, as the document has them', async () => {
    const created = await createDoc(server.url);
    const writer = connectClient(server.collabUrl, created.id, created.editorToken);
    const other = connectClient(server.collabUrl, created.id, created.editorToken);
    const reader = connectClient(server.collabUrl, created.id, created.viewerToken);
    await Promise.all([writer, other, reader].map((c) => waitSynced(c)));
    for (let i = 0; i < 150; i++) {
      const target = i % 3 === 0 ? other : writer;
      const text = textOf(contentOf(target.doc).get(0) as Y.XmlElement);
      if (i % 7 === 6 && text.length > 0) text.delete(text.length - 1, 1);
      else typeText(target.doc, text.length, String.fromCharCode(97 + (i % 26)));
    }
    const expected = (): string => documentText(writer.doc);
    await retryUntil(() => {
      expect(documentText(other.doc)).toBe(expected());
      expect(documentText(reader.doc)).toBe(expected());
    }, 10_000);
    const final = expected();
    expect(final.length).toBeGreaterThan(100);
    for (const c of [writer, other, reader]) c.destroy();

    // Once the room is unloaded, a fresh client gets exactly that from the store.
    await retryUntil(() => expect(server.app.collab.isOpen(created.id)).toBe(false), 5_000);
    const fresh = connectClient(server.collabUrl, created.id, created.viewerToken);
    try {
      await waitSynced(fresh);
      expect(documentText(fresh.doc)).toBe(final);
    } finally {
      fresh.destroy();
    }
  });

  it('relays an update larger than 64 KiB (a frame with a 64-bit length) intact', async () => {
    const created = await createDoc(server.url);
    const writer = connectClient(server.collabUrl, created.id, created.editorToken);
    const reader = connectClient(server.collabUrl, created.id, created.editorToken);
    try {
      await Promise.all([waitSynced(writer), waitSynced(reader)]);
      const pasted = 'paste of a long text '.repeat(5_000);
      typeText(writer.doc, 0, pasted);
      await retryUntil(() => expect(documentText(reader.doc)).toBe(pasted), 10_000);
    } finally {
      writer.destroy();
      reader.destroy();
    }
  });
});
