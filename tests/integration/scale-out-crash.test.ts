import { WebsocketProvider } from 'y-websocket';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { appendParagraph, connectClient, documentText, waitSynced, type Client } from '../helpers/collab-client';
import { postgresUnavailable } from '../helpers/postgres';
import { redisUnavailable } from '../helpers/redis';
import { retryUntil } from '../helpers/retry-until';
import { useProcessCluster, type ClusterProcess } from '../helpers/process-cluster';
import { stopServerProcess } from '../helpers/server-process';

const unavailable = postgresUnavailable() ?? redisUnavailable();
const stop = (instance: ClusterProcess, signal: NodeJS.Signals): Promise<unknown> =>
  stopServerProcess(instance, signal);

const names = (client: Client): string[] =>
  [...client.provider.awareness.getStates().values()].map((s) => String((s.user as { name?: string })?.name));

describe.skipIf(unavailable !== null)(
  `three instances, one killed${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useProcessCluster('scale-out-server');

    it('SIGKILL of one instance mid-burst: every edit a client saw is stored, the documents agree, its carets vanish', async () => {
      const instances = await Promise.all([cluster.start(), cluster.start(), cluster.start()]);
      const [a, b, c] = instances;
      if (!a || !b || !c) throw new Error('three instances');
      const { id, editorToken } = await createDoc(b.url, 'Kill one');
      const connect = (instance: ClusterProcess, name: string): Client => {
        const client = cluster.track(connectClient(instance.collabUrl, id, editorToken));
        client.provider.awareness.setLocalStateField('user', { name, color: '#336699' });
        return client;
      };
      const ada = connect(a, 'Ada');
      const bob = connect(b, 'Bob');
      const cleo = connect(c, 'Cleo');
      await Promise.all([ada, bob, cleo].map((x) => waitSynced(x)));
      await retryUntil(() => expect(names(bob)).toContain('Ada'));

      // A burst from all three; instance a dies in the middle of it.
      let written = 0;
      const burst = setInterval(() => {
        for (const [client, who] of [
          [ada, 'a'],
          [bob, 'b'],
          [cleo, 'c'],
        ] as const) {
          appendParagraph(client.doc, `${who}${written}`);
        }
        written++;
      }, 5);
      await retryUntil(() => expect(written).toBeGreaterThan(40));
      await stop(a, 'SIGKILL');
      await retryUntil(() => expect(written).toBeGreaterThan(80));
      clearInterval(burst);

      // Ada's carets leave the others (her instance stopped answering), within 5 s.
      await retryUntil(() => {
        expect(names(bob)).not.toContain('Ada');
        expect(names(cleo)).not.toContain('Ada');
      }, 5_000);

      // What Bob and Cleo saw is stored; they agree with each other.
      await retryUntil(() => expect(documentText(bob.doc)).toBe(documentText(cleo.doc)), 5_000);
      const seen = documentText(bob.doc);
      for (let i = 0; i <= written - 1; i++) {
        expect(seen).toContain(`b${i}`);
        expect(seen).toContain(`c${i}`);
      }
      // Ada's client kept what her dead instance never stored: it reconnects to b and everyone converges.
      ada.provider.destroy();
      const again = new WebsocketProvider(b.collabUrl, id, ada.doc, {
        params: { token: editorToken },
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
        disableBc: true,
      });
      try {
        await retryUntil(() => {
          const text = documentText(ada.doc);
          expect(documentText(bob.doc)).toBe(text);
          expect(documentText(cleo.doc)).toBe(text);
          for (let i = 0; i < written; i++) expect(text).toContain(`a${i}`);
        }, 5_000);
        // And a fresh reader on c gets all of it from the store.
        const reader = new Y.Doc();
        const fresh = new WebsocketProvider(c.collabUrl, id, reader, {
          params: { token: editorToken },
          WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
          disableBc: true,
        });
        try {
          await retryUntil(() => expect(documentText(reader)).toBe(documentText(ada.doc)));
        } finally {
          fresh.destroy();
        }
      } finally {
        again.destroy();
      }
    });
  },
);
