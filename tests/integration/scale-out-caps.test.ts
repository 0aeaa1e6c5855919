import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { CreatedDocument } from '@shared/api/documents';
import type { VersionListItem } from '@shared/api/versions';
import { CloseCode } from '@shared/collab/close-codes';
import { VersionLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { appendParagraph, connectClient, documentText, waitSynced, type Client } from '../helpers/collab-client';
import { instancesUnavailable, useInstances } from '../helpers/instances';
import { retryUntil } from '../helpers/retry-until';
import { bundleServer, startServerProcess, stopServerProcess } from '../helpers/server-process';
import type { TestServer } from '../helpers/start-server';

const unavailable = instancesUnavailable();
const TOO_MANY = CloseCode.TOO_MANY_CONNECTIONS.code;

let now = Date.UTC(2026, 2, 3, 9, 0, 0);
const clock = (): number => now;

/** Raw sockets the test opened and still holds (closed after each test with the clients). */
const held: WebSocket[] = [];

/**
 * Opens a raw socket on the document: `joined` once the server greets it (it was admitted and attached), or
 * the code it was closed with. A joined socket stays open (it counts) until the test ends.
 */
async function join(server: TestServer, doc: CreatedDocument): Promise<'joined' | number> {
  const ws = new WebSocket(`${server.collabUrl}/${doc.id}?token=${doc.editorToken}`);
  held.push(ws);
  // Listening from the start: the greeting may come in the same read as the upgrade's answer.
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve('joined'));
    ws.once('close', (code) => resolve(code));
    ws.once('error', reject);
  });
}

const nameOf = (client: Client, name: string): void =>
  client.provider.awareness.setLocalStateField('user', { name, color: '#336699' });

async function versions(server: TestServer, doc: CreatedDocument): Promise<VersionListItem[]> {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/versions`, {
    headers: { authorization: `Bearer ${doc.viewerToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as VersionListItem[];
}

/** Caps that hold for a document across instances, and versions that know every instance's authors. */
describe.skipIf(unavailable !== null)(
  `global caps and authors across instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useInstances();
    const client = cluster.client.bind(cluster);
    const closeHeld = (): void => {
      for (const ws of held.splice(0)) ws.terminate();
    };

    it('the connection cap counts a document’s connections on both instances, and frees a place when one leaves', async () => {
      const [a, b] = await cluster.start(2, { env: { TANDEM_MAX_CONNECTIONS_PER_DOCUMENT: '3' } });
      if (!a || !b) throw new Error('two servers');
      try {
        const doc = await createDoc(a.url, 'Capped across instances');
        const ada = client(a, doc.id, doc.editorToken);
        const bob = client(b, doc.id, doc.editorToken);
        await Promise.all([waitSynced(ada), waitSynced(bob)]);
        expect(await join(a, doc)).toBe('joined');
        // Three in all (two on a, one on b): b's own room holds one, yet b refuses the fourth, as does a.
        expect(await join(b, doc)).toBe(TOO_MANY);
        expect(await join(a, doc)).toBe(TOO_MANY);
        // A document of its own is not affected.
        const other = await createDoc(b.url, 'Another document');
        expect(await join(b, other)).toBe('joined');

        ada.destroy();
        await retryUntil(async () => expect(await join(b, doc)).toBe('joined'));
        // Full again.
        expect(await join(a, doc)).toBe(TOO_MANY);
      } finally {
        closeHeld();
      }
    });

    it('a killed instance’s connections stop counting within a few seconds', async () => {
      const entry = await bundleServer('scale-out-caps');
      const cap = { TANDEM_MAX_CONNECTIONS_PER_DOCUMENT: '2' };
      const [a] = await cluster.start(1, { env: cap });
      if (!a) throw new Error('a server');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-caps-'));
      const killed = await startServerProcess(entry, { ...cluster.env(), ...cap, TANDEM_DATA_DIR: dataDir });
      const doc = await createDoc(a.url, 'Outlives an instance');
      const onKilled = [0, 1].map(() => connectClient(killed.collabUrl, doc.id, doc.editorToken));
      try {
        await Promise.all(onKilled.map((c) => waitSynced(c)));
        expect(await join(a, doc)).toBe(TOO_MANY);

        await stopServerProcess(killed, 'SIGKILL');
        const diedAt = Date.now();
        for (const c of onKilled) c.destroy();
        await retryUntil(async () => expect(await join(a, doc)).toBe('joined'), 8_000, 200);
        // The bus's presence timeout (3.5 s) plus a check.
        expect(Date.now() - diedAt).toBeLessThan(6_000);
      } finally {
        closeHeld();
        for (const c of onKilled) c.destroy();
        await stopServerProcess(killed, 'SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('without Redis an instance counts its own connections and says so, rather than refusing everyone', async () => {
      const [a] = await cluster.start(1, { env: { TANDEM_MAX_CONNECTIONS_PER_DOCUMENT: '2' } });
      if (!a) throw new Error('a server');
      const doc = await createDoc(a.url, 'Redis away');
      try {
        await cluster.redis().kill();
        expect(await join(a, doc)).toBe('joined');
        expect(await join(a, doc)).toBe('joined');
        expect(await join(a, doc)).toBe(TOO_MANY);
        expect(a.logs.some((line) => line.includes('counted on this instance only'))).toBe(true);
      } finally {
        closeHeld();
        await cluster.redis().restart();
      }
    });

    it('a version recorded by one instance lists the authors who typed on the other', async () => {
      const [a, b] = await cluster.start(2, { clock });
      if (!a || !b) throw new Error('two servers');
      const doc = await createDoc(a.url, 'Authors across instances');
      const ada = client(a, doc.id, doc.editorToken);
      const bob = client(b, doc.id, doc.editorToken);
      await Promise.all([waitSynced(ada), waitSynced(bob)]);
      nameOf(ada, 'Ada');
      nameOf(bob, 'Bob');
      // Each instance knows its author's name before the edits (presence crossed to the other client).
      await retryUntil(() => {
        const names = (c: Client): unknown[] =>
          [...c.provider.awareness.getStates().values()].map((s) => (s.user as { name?: string } | undefined)?.name);
        expect(names(ada)).toContain('Bob');
        expect(names(bob)).toContain('Ada');
      });
      for (let i = 0; i < 5; i++) {
        appendParagraph(ada.doc, `ada ${i}`);
        appendParagraph(bob.doc, `bob ${i}`);
      }
      await retryUntil(async () => {
        for (const s of [a, b]) {
          const text = await s.app.collab.withDocument(doc.id, (d) => documentText(d));
          expect(text).toContain('ada 4');
          expect(text).toContain('bob 4');
        }
      });

      now += VersionLimits.idleMs;
      // One of the two takes the document's lease and records; both authors are listed all the same.
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      const first = await versions(b, doc);
      expect(first).toHaveLength(1);
      expect([...(first[0]?.authors ?? [])].sort()).toEqual(['Ada', 'Bob']);

      // Next only Bob types: the next version lists him alone, whichever instance records it.
      appendParagraph(bob.doc, 'bob again');
      await retryUntil(async () => {
        for (const s of [a, b]) {
          expect(await s.app.collab.withDocument(doc.id, (d) => documentText(d))).toContain('bob again');
        }
      });
      now += VersionLimits.idleMs;
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      await Promise.all([a.app.versions.runDue(), b.app.versions.runDue()]);
      const second = await versions(a, doc);
      expect(second).toHaveLength(2);
      expect(second[0]?.authors).toEqual(['Bob']);
    });
  },
);
