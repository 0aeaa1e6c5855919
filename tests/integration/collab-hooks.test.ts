import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { connectClient, documentText, typeText, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const EDITS = 60;

/** Both clients type `EDITS` tagged words each, interleaved; returns every tag typed. */
async function typeMany(a: Client, b: Client): Promise<string[]> {
  const tags: string[] = [];
  for (let i = 0; i < EDITS; i++) {
    typeText(a.doc, 0, `a${i};`);
    typeText(b.doc, 0, `b${i};`);
    tags.push(`a${i};`, `b${i};`);
    if (i % 10 === 0) await sleep(5);
  }
  return tags;
}

const holdsAll = (text: string, tags: string[]): void => {
  for (const tag of tags) expect(text).toContain(tag);
};

/** Log lines that report a failed hook of `extension`. */
const hookErrors = (server: TestServer, extension: string): Array<Record<string, unknown>> =>
  server.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.extension === extension && entry.hook === 'onChange');

describe('collab hooks that throw', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  for (const variant of ['sync', 'async'] as const) {
    it(`store and deliver every edit while an onChange hook ${variant === 'sync' ? 'throws' : 'rejects'}`, async () => {
      const extension = `test-thrower-${variant}`;
      let calls = 0;
      server.app.collab.addHooks({
        name: extension,
        onChange:
          variant === 'sync'
            ? () => {
                calls++;
                throw new Error('hook failed on purpose');
              }
            : async () => {
                calls++;
                await sleep(1);
                throw new Error('hook rejected on purpose');
              },
      });
      const created = await createDoc(server.url);
      const a = connectClient(server.collabUrl, created.id, created.editorToken);
      const b = connectClient(server.collabUrl, created.id, created.editorToken);
      await Promise.all([waitSynced(a), waitSynced(b)]);
      const tags = await typeMany(a, b);
      await retryUntil(() => {
        holdsAll(documentText(a.doc), tags);
        holdsAll(documentText(b.doc), tags);
        expect(documentText(a.doc)).toBe(documentText(b.doc));
      }, 10_000);
      expect(calls).toBeGreaterThan(0);
      await retryUntil(() => expect(hookErrors(server, extension).length).toBeGreaterThan(0));
      const logged = hookErrors(server, extension)[0];
      expect(logged?.docId).toBe(created.id);
      expect(logged?.level).toBe(50);
      a.destroy();
      b.destroy();
      // Stored: a third client after the document was unloaded reads everything back from the store.
      await retryUntil(() => expect(server.app.collab.isOpen(created.id)).toBe(false));
      const c = connectClient(server.collabUrl, created.id, created.editorToken);
      await waitSynced(c);
      await retryUntil(() => holdsAll(documentText(c.doc), tags));
      // The server still answers.
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      c.destroy();
    });
  }

  it('keeps every stored edit across a restart on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-test-'));
    const first = await startServer({}, dataDir);
    first.app.collab.addHooks({
      name: 'test-thrower-restart',
      onChange: () => {
        throw new Error('hook failed on purpose');
      },
    });
    const created = await createDoc(first.url);
    const a = connectClient(first.collabUrl, created.id, created.editorToken);
    const b = connectClient(first.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(a), waitSynced(b)]);
    const tags = await typeMany(a, b);
    await retryUntil(() => holdsAll(documentText(b.doc), tags), 10_000);
    a.destroy();
    b.destroy();
    await first.close();
    const second = await startServer({}, dataDir);
    try {
      const c = connectClient(second.collabUrl, created.id, created.editorToken);
      await waitSynced(c);
      await retryUntil(() => holdsAll(documentText(c.doc), tags));
      c.destroy();
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
