import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import * as Y from 'yjs';
import type { VersionDetail, VersionListItem } from '@shared/api/versions';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { restoreVersion } from '@shared/document/yjs/restore-version';
import { defaultEditorOptions } from '@shared/editor-options';
import { api, createDoc } from '../helpers/api';
import { appendParagraph, documentText, rawSocket, typeText, waitSynced, type Client } from '../helpers/collab-client';
import { instancesUnavailable, useInstances } from '../helpers/instances';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, type TestServer } from '../helpers/start-server';

const unavailable = instancesUnavailable();
const { schema } = createDocumentModel(defaultEditorOptions);

/** Every stored row of the document applied to a fresh Y.Doc: what PostgreSQL holds. */
async function storedText(server: TestServer, docId: string): Promise<string> {
  const doc = new Y.Doc();
  for (const update of (await server.app.store.updates.load(docId)).updates) Y.applyUpdate(doc, update);
  return documentText(doc);
}

/**
 * Three instances on one PostgreSQL and one Redis, no affinity: each author may be on any of them. What a
 * client sees was stored first; what the bus misses is read from PostgreSQL.
 */
describe.skipIf(unavailable !== null)(`three instances${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  const cluster = useInstances();
  const client = cluster.client.bind(cluster);
  const startThree = (env: Record<string, string> = {}): Promise<TestServer[]> => cluster.start(3, { env });

  it('authors on three instances type at once; every one sees every edit, and PostgreSQL holds them all', async () => {
    const [a, b, c] = await startThree();
    if (!a || !b || !c) throw new Error('three servers');
    const { id, editorToken } = await createDoc(a.url, 'Three instances');
    const authors = [client(a, id, editorToken), client(b, id, editorToken), client(c, id, editorToken)];
    await Promise.all(authors.map((x) => waitSynced(x)));
    const first = authors[0];
    if (!first) throw new Error('no author');
    first.doc.transact(() => {
      for (let i = 0; i < 3; i++) appendParagraph(first.doc, '');
    });
    const blocks = (x: Client): number => x.doc.getXmlFragment('default').length;
    await retryUntil(() => expect(authors.map(blocks)).toEqual([4, 4, 4]));
    // A burst: each author types into a paragraph of its own, many small updates each.
    for (let k = 0; k < 30; k++) authors.forEach((x, i) => typeText(x.doc, i + 1, String.fromCharCode(97 + i)));
    await retryUntil(() => {
      const texts = authors.map((x) => documentText(x.doc));
      expect(new Set(texts).size).toBe(1);
      for (const letter of ['a', 'b', 'c']) expect(texts[0]).toContain(letter.repeat(30));
    }, 10_000);
    const text = documentText(first.doc);
    expect(await storedText(b, id)).toBe(text);
    // Every instance's room holds the same document as its clients.
    for (const s of [a, b, c]) {
      const held = await s.app.collab.withDocument(id, (doc) => documentText(doc));
      expect(held).toBe(text);
    }
  });

  it('presence crosses instances', async () => {
    const [a, b, third] = await startThree();
    if (!a || !b || !third) throw new Error('servers');
    const { id, editorToken } = await createDoc(a.url, 'Presence');
    const ada = client(a, id, editorToken);
    const bob = client(b, id, editorToken);
    await Promise.all([waitSynced(ada), waitSynced(bob)]);
    ada.provider.awareness.setLocalStateField('user', { name: 'Ada', color: '#ff0000' });
    await retryUntil(() => {
      const names = [...bob.provider.awareness.getStates().values()].map((s) => (s.user as { name?: string })?.name);
      expect(names).toContain('Ada');
    });
    // A third author opening later on the third instance sees Ada without waiting for her renewal.
    const cleo = client(third, id, editorToken);
    await waitSynced(cleo);
    await retryUntil(() => {
      const names = [...cleo.provider.awareness.getStates().values()].map((s) => (s.user as { name?: string })?.name);
      expect(names).toContain('Ada');
    }, 3_000);
  });

  it('an update the bus never carried (a crash between commit and publish) reaches the others from PostgreSQL', async () => {
    const [a, b] = await startThree();
    if (!a || !b) throw new Error('servers');
    const { id, editorToken } = await createDoc(a.url, 'Missed publish');
    const ada = client(a, id, editorToken);
    const bob = client(b, id, editorToken);
    await Promise.all([waitSynced(ada), waitSynced(bob)]);
    // Instance a stores but never publishes: its bus's commands refuse (as if it died right after COMMIT).
    const bus = a.app.collabBus;
    if (!bus) throw new Error('no bus');
    const publish = bus.publishUpdate.bind(bus);
    bus.publishUpdate = () => undefined;
    appendParagraph(ada.doc, 'stored, never published');
    // The head check (every 500 ms) finds the stored head ahead, waits 250 ms for a late publish, then reads.
    await retryUntil(() => expect(documentText(bob.doc)).toContain('stored, never published'), 5_000);
    expect(b.logs.some((line) => line.includes('read updates the bus had not delivered'))).toBe(true);
    const metrics = await (
      await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text();
    expect(Number(/^tandem_backfilled_updates_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(metrics).toMatch(/^tandem_bus_connected 1$/m);
    bus.publishUpdate = publish;
    appendParagraph(bob.doc, 'and back');
    await retryUntil(() => expect(documentText(ada.doc)).toContain('and back'));
    const relayed = await (
      await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).text();
    expect(Number(/^tandem_stream_lag_seconds_count (\d+)/m.exec(relayed)?.[1])).toBeGreaterThan(0);
  });

  it('Redis flushed, then down and back: every instance keeps serving and they converge from PostgreSQL', async () => {
    const [a, b] = await startThree();
    if (!a || !b) throw new Error('servers');
    const { id, editorToken } = await createDoc(a.url, 'Redis trouble');
    const ada = client(a, id, editorToken);
    const bob = client(b, id, editorToken);
    await Promise.all([waitSynced(ada), waitSynced(bob)]);
    appendParagraph(ada.doc, 'before');
    await retryUntil(() => expect(documentText(bob.doc)).toContain('before'));

    const admin = new Redis(cluster.redis().url);
    await admin.flushall();
    admin.disconnect();
    appendParagraph(ada.doc, 'after flush');
    await retryUntil(() => expect(documentText(bob.doc)).toContain('after flush'));

    await cluster.redis().kill();
    appendParagraph(ada.doc, 'while down from a');
    appendParagraph(bob.doc, 'while down from b');
    // Each instance still stores its own clients' edits.
    await retryUntil(async () => expect(await storedText(a, id)).toContain('while down from b'));
    await retryUntil(() => expect(a.app.collabBus?.connected).toBe(false));
    await cluster.redis().restart();
    await retryUntil(() => {
      expect(documentText(ada.doc)).toContain('while down from b');
      expect(documentText(bob.doc)).toContain('while down from a');
      expect(documentText(ada.doc)).toBe(documentText(bob.doc));
    }, 10_000);
    await retryUntil(() => expect(a.app.collabBus?.connected).toBe(true), 10_000);
  });

  it('authors who join on other instances while the writer’s instance compacts see no hole and no duplicate', async () => {
    // Compaction after every 5 stored updates: the writer's instance rewrites the rows again and again.
    const [a, b, c] = await startThree({ TANDEM_COMPACT_AFTER_UPDATES: '5' });
    if (!a || !b || !c) throw new Error('servers');
    const { id, editorToken } = await createDoc(a.url, 'Join during compaction');
    const writer = client(a, id, editorToken);
    await waitSynced(writer);
    const lines = (x: Client): string[] =>
      documentText(x.doc)
        .split('\n')
        .filter((l) => l.startsWith('line '));
    const joiners: Client[] = [];
    for (let i = 0; i < 60; i++) {
      appendParagraph(writer.doc, `line ${i}`);
      if (i % 6 === 0) {
        const joiner = client(i % 12 === 0 ? b : c, id, editorToken);
        joiners.push(joiner);
        await waitSynced(joiner);
        // What a joiner holds right after its sync is a gapless prefix, each line once.
        const got = lines(joiner);
        expect(got).toEqual(got.map((_, k) => `line ${k}`));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = Array.from({ length: 60 }, (_, k) => `line ${k}`);
    await retryUntil(() => [writer, ...joiners].forEach((x) => expect(lines(x)).toEqual(all)), 10_000);
    const stored = (await storedText(c, id)).split('\n').filter((l) => l.startsWith('line '));
    expect(stored).toEqual(all);
    // It did compact: far fewer stored rows than the 60 updates written.
    expect((await a.app.store.updates.load(id)).updates.length).toBeLessThan(20);
  });

  it('two editors on different instances restore a version while a third types: everyone converges', async () => {
    const [a, b, c] = await startThree();
    if (!a || !b || !c) throw new Error('servers');
    const doc = await createDoc(a.url, 'Restore across');
    const [ada, bob, cleo] = [
      client(a, doc.id, doc.editorToken),
      client(b, doc.id, doc.editorToken),
      client(c, doc.id, doc.editorToken),
    ];
    await Promise.all([ada, bob, cleo].map((x) => waitSynced(x)));
    typeText(ada.doc, 0, 'intro');
    for (const text of ['alpha', 'beta']) appendParagraph(ada.doc, text);
    await retryUntil(() => [ada, bob, cleo].forEach((x) => expect(documentText(x.doc)).toBe('intro\nalpha\nbeta')));
    const created = await api(b.url, 'POST', `/api/documents/${doc.id}/versions`, {
      token: doc.editorToken,
      body: { name: 'Before' },
    });
    expect(created.status).toBe(201);
    const versionId = (created.body as unknown as VersionListItem).id;
    appendParagraph(cleo.doc, 'gamma');
    await retryUntil(() => [ada, bob].forEach((x) => expect(documentText(x.doc)).toContain('gamma')));
    const detail = await api(c.url, 'GET', `/api/documents/${doc.id}/versions/${versionId}`, {
      token: doc.viewerToken,
    });
    const node = schema.nodeFromJSON((detail.body as unknown as VersionDetail).doc);
    // In one tick: Ada (instance a) and Bob (instance b) both restore, Cleo (instance c) types.
    restoreVersion(ada.doc, node, null, 'restore');
    restoreVersion(bob.doc, node, null, 'restore');
    typeText(cleo.doc, 1, 'typed ');
    await retryUntil(() => {
      const texts = [ada, bob, cleo].map((x) => documentText(x.doc));
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]).not.toContain('gamma');
      // Cleo's typing survives both restores (it landed inside the restored first paragraph).
      expect(texts[0]).toContain('typed ');
      expect(texts[0]).toContain('alpha\nbeta');
    }, 10_000);
    await retryUntil(async () => expect(await storedText(a, doc.id)).toBe(documentText(ada.doc)));
  });

  it('a socket that stops reading on a hot document holds up nobody, on its instance or the others', async () => {
    const [a, b] = await startThree();
    if (!a || !b) throw new Error('servers');
    const { id, editorToken } = await createDoc(a.url, 'Stalled reader');
    const writer = client(a, id, editorToken);
    const reader = client(b, id, editorToken);
    await Promise.all([waitSynced(writer), waitSynced(reader)]);
    // A raw peer on b that stops reading its socket once connected (its window fills, then the server's).
    const { ws } = await rawSocket(`${b.collabUrl}/${id}?token=${editorToken}`);
    const socket = (ws as unknown as { _socket: { pause(): void } })._socket;
    socket.pause();
    try {
      const big = 'x'.repeat(2_000);
      for (let i = 0; i < 200; i++) appendParagraph(writer.doc, `${i} ${big}`);
      await retryUntil(() => expect(reader.doc.getXmlFragment('default').length).toBe(201), 10_000);
      expect(documentText(reader.doc)).toBe(documentText(writer.doc));
    } finally {
      ws.terminate();
    }
  });
});
