import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { CreatedDocument } from '@shared/api/documents';
import type { VersionListItem } from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { appendParagraph, contentOf, documentText, waitSynced } from '../helpers/collab-client';
import { instancesUnavailable, useInstances } from '../helpers/instances';
import { retryUntil } from '../helpers/retry-until';
import type { TestServer } from '../helpers/start-server';

const unavailable = instancesUnavailable();

let now = Date.UTC(2026, 2, 2, 9, 0, 0);
const clock = (): number => now;

async function versions(server: TestServer, doc: CreatedDocument): Promise<VersionListItem[]> {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/versions`, {
    headers: { authorization: `Bearer ${doc.viewerToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as VersionListItem[];
}

/** Every stored row of the document applied to a fresh Y.Doc: what PostgreSQL holds. */
async function stored(server: TestServer, docId: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  for (const update of (await server.app.store.updates.load(docId)).updates) Y.applyUpdate(doc, update);
  return doc;
}

/** Two instances on one PostgreSQL and one Redis: what one process did alone now happens once across them. */
describe.skipIf(unavailable !== null)(
  `work done once across instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useInstances();
    const client = cluster.client.bind(cluster);
    const startTwo = async (): Promise<[TestServer, TestServer]> => {
      const [a, b] = await cluster.start(2, { clock });
      if (!a || !b) throw new Error('two servers');
      return [a, b];
    };

    it('a new document opened on two instances at the same moment gets one first paragraph', async () => {
      const [a, b] = await startTwo();
      expect(a.app.instanceId).not.toBe(b.app.instanceId);
      let raced = 0;
      for (let round = 0; round < 10; round++) {
        const { id, editorToken } = await createDoc(a.url, `New ${round}`);
        // Both instances load the empty document at once, each giving it its first paragraph.
        await Promise.all([
          a.app.collab.withDocument(id, () => undefined),
          b.app.collab.withDocument(id, () => undefined),
        ]);
        const ada = client(a, id, editorToken);
        const bob = client(b, id, editorToken);
        await Promise.all([waitSynced(ada), waitSynced(bob)]);
        await retryUntil(() => {
          expect(contentOf(ada.doc).length).toBe(1);
          expect(contentOf(bob.doc).length).toBe(1);
        });
        // Read back from PostgreSQL it is one paragraph too, also when both instances stored theirs.
        if ((await a.app.store.updates.load(id)).updates.length >= 2) raced += 1;
        expect(contentOf(await stored(a, id)).length).toBe(1);
      }
      // The race did happen (both loaded the empty document before either stored), at least once.
      expect(raced).toBeGreaterThan(0);
    });

    it('records one version of edits made through both instances, and the holder records edits made through the other', async () => {
      const [a, b] = await startTwo();
      const doc = await createDoc(a.url, 'Versions across instances');
      const ada = client(a, doc.id, doc.editorToken);
      const bob = client(b, doc.id, doc.editorToken);
      await Promise.all([waitSynced(ada), waitSynced(bob)]);
      appendParagraph(ada.doc, 'from a');
      appendParagraph(bob.doc, 'from b');
      await retryUntil(async () => {
        for (const s of [a, b]) {
          const held = await s.app.collab.withDocument(doc.id, (d) => documentText(d));
          expect(held).toContain('from a');
          expect(held).toContain('from b');
        }
      });

      now += VersionLimits.idleMs;
      // Both instances' checks run at once: one takes the document's lease and records, the other waits.
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      const first = await versions(a, doc);
      expect(first).toHaveLength(1);
      expect(first[0]?.reason).toBe('idle');

      const lease = `versions:${doc.id}`;
      const holds = async (s: TestServer): Promise<boolean> =>
        s.app.store.leases.acquire(lease, s.app.instanceId, VersionLimits.checkIntervalMs * 3, now);
      const [holder, other] = (await holds(a)) ? [a, b] : [b, a];
      expect(await holds(other)).toBe(false);

      // An edit enters through the instance that does not record: the holder still records it, once.
      const otherClient = other === a ? ada : bob;
      const holderClient = other === a ? bob : ada;
      appendParagraph(otherClient.doc, 'only through the other instance');
      await retryUntil(() => expect(documentText(holderClient.doc)).toContain('only through the other instance'));
      await retryUntil(async () => {
        const held = await holder.app.collab.withDocument(doc.id, (d) => documentText(d));
        expect(held).toContain('only through the other instance');
      });
      now += VersionLimits.idleMs;
      await holder.app.versions.runDue();
      const second = await versions(a, doc);
      expect(second).toHaveLength(2);
      const added = 'only through the other instance'.length;
      // The new paragraph's text (and its line break in the text comparison).
      expect(second[0]?.inserted).toBeGreaterThanOrEqual(added);
      expect(second[0]?.deleted).toBe(0);
      expect(second[0]?.chars).toBe((first[0]?.chars ?? 0) + (second[0]?.inserted ?? 0));
      // The other instance, dirty with that edit, finds it recorded: no second copy, now or later.
      await other.app.versions.runDue();
      now += VersionLimits.idleMs;
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      expect(await versions(a, doc)).toHaveLength(2);
    });

    it('the trash purge runs on one instance at a time, and the lease is given up on close', async () => {
      const [a, b] = await startTwo();
      const purge = 'documents:purge-trash';
      // a purged on start and holds the lease for the interval; b found it taken.
      expect(await b.app.store.leases.acquire(purge, b.app.instanceId, 60_000, Date.now())).toBe(false);
      await a.close();
      cluster.release(a);
      expect(await b.app.store.leases.acquire(purge, b.app.instanceId, 60_000, Date.now())).toBe(true);
    });
  },
);
