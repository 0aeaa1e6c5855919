import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { appendParagraph, documentText, waitSynced, type Client } from '../helpers/collab-client';
import { instancesUnavailable, useInstances } from '../helpers/instances';
import { pausePostgres, resumePostgres } from '../helpers/postgres';
import { retryUntil, sleep } from '../helpers/retry-until';
import type { TestServer } from '../helpers/start-server';

const unavailable = instancesUnavailable();
/** What issue 27 asks for: PostgreSQL stays down this long. */
const DOWN_MS = 10_000;

const readyz = async (server: TestServer): Promise<{ status: number; body: string }> => {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, body: await response.text() };
};
const lines = (doc: Y.Doc): string[] => documentText(doc).split('\n');

/** Every stored row of the document applied to a fresh Y.Doc: what PostgreSQL holds. */
async function storedText(server: TestServer, docId: string): Promise<string> {
  const doc = new Y.Doc();
  for (const update of (await server.app.store.updates.load(docId)).updates) Y.applyUpdate(doc, update);
  return documentText(doc);
}

/**
 * Two instances on one PostgreSQL, which stops for 10 s while authors on both keep typing. PostgreSQL is
 * the log: nothing unstored reaches anyone, writers are closed with the typed code, both instances say
 * they are not ready; once it is back, the edits the writers held are stored once and everyone converges.
 */
describe.skipIf(unavailable !== null)(
  `PostgreSQL down under two instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useInstances();

    it('for 10 s: writers are refused with 4500, nothing unstored is broadcast, then it recovers and converges', async () => {
      const [a, b] = await cluster.start(2);
      if (!a || !b) throw new Error('two servers');
      const { id, editorToken } = await createDoc(a.url, 'PostgreSQL down');
      const [writerA, readerA, writerB, readerB] = [a, a, b, b].map((s) => cluster.client(s, id, editorToken));
      if (!writerA || !readerA || !writerB || !readerB) throw new Error('clients');
      const everyone: Client[] = [writerA, readerA, writerB, readerB];
      await Promise.all(everyone.map((x) => waitSynced(x)));
      appendParagraph(writerA.doc, 'stored from a');
      appendParagraph(writerB.doc, 'stored from b');
      await retryUntil(() =>
        everyone.forEach((x) =>
          expect(lines(x.doc)).toEqual(expect.arrayContaining(['stored from a', 'stored from b'])),
        ),
      );

      // Whatever a reader is shown while PostgreSQL is down would be an edit nobody stored.
      let down = false;
      const leaked: string[] = [];
      for (const reader of [readerA, readerB]) {
        reader.doc.on('update', () => {
          if (down) leaked.push(...lines(reader.doc).filter((l) => l.startsWith('during')));
        });
      }

      const postgres = await cluster.postgres();
      down = true;
      pausePostgres(postgres);
      const downAt = Date.now();
      const typed: string[] = [];
      const typing = setInterval(() => {
        const k = typed.length;
        typed.push(`during a ${k}`, `during b ${k}`);
        appendParagraph(writerA.doc, `during a ${k}`);
        appendParagraph(writerB.doc, `during b ${k}`);
      }, 250);
      try {
        await retryUntil(() => {
          expect(writerA.closeCodes).toContain(CloseCode.STORAGE_FAILED.code);
          expect(writerB.closeCodes).toContain(CloseCode.STORAGE_FAILED.code);
        }, DOWN_MS - 1_000);
        let rounds = 0;
        while (Date.now() - downAt < DOWN_MS) {
          for (const server of [a, b]) {
            const ready = await readyz(server);
            expect(ready.status).toBe(503);
            expect(ready.body).toContain('database');
          }
          // The bus is fine: only the log is gone.
          expect(a.app.collabBus?.connected && b.app.collabBus?.connected).toBe(true);
          expect(leaked).toEqual([]);
          rounds++;
          // Paces the checks; PostgreSQL stays down its 10 s whatever they take.
          await sleep(Math.min(500, Math.max(0, DOWN_MS - (Date.now() - downAt))));
        }
        expect(rounds).toBeGreaterThan(3);
      } finally {
        clearInterval(typing);
      }
      // Nothing typed during the outage was ever shown to anyone but its writer.
      for (const reader of [readerA, readerB])
        expect(lines(reader.doc).filter((l) => l.startsWith('during'))).toEqual([]);
      expect(leaked).toEqual([]);
      down = false;
      resumePostgres(postgres);

      // The writers reconnect and send what they held: stored once, on every client, in PostgreSQL.
      const all = ['stored from a', 'stored from b', ...typed].sort();
      await retryUntil(() => {
        const text = documentText(writerA.doc);
        everyone.forEach((x) => expect(documentText(x.doc)).toBe(text));
        expect(
          lines(writerA.doc)
            .filter((l) => l !== '')
            .sort(),
        ).toEqual(all);
      }, 20_000);
      await retryUntil(async () => expect(await storedText(b, id)).toBe(documentText(writerA.doc)), 10_000);
      await retryUntil(async () => {
        expect((await readyz(a)).status).toBe(200);
        expect((await readyz(b)).status).toBe(200);
      }, 10_000);
      // And the instances serve writes again at once.
      appendParagraph(writerB.doc, 'after');
      await retryUntil(() => expect(lines(readerA.doc)).toContain('after'));
      await retryUntil(async () => expect((await storedText(a, id)).split('\n')).toContain('after'));
    }, 90_000);
  },
);
