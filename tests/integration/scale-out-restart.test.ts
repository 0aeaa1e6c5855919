import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollabSession } from '../../client/src/editor/collab/collab-provider';
import { createDoc } from '../helpers/api';
import { openBrowserSession, stubBrowser } from '../helpers/browser-session';
import { appendParagraph, connectClient, documentText, waitSynced, type Client } from '../helpers/collab-client';
import { freePort } from '../helpers/free-port';
import { postgresUnavailable } from '../helpers/postgres';
import { redisUnavailable } from '../helpers/redis';
import { retryUntil, sleep } from '../helpers/retry-until';
import { useProcessCluster, type ClusterProcess } from '../helpers/process-cluster';
import { stopServerProcess } from '../helpers/server-process';

const unavailable = postgresUnavailable() ?? redisUnavailable();
const STORM = 60;
/** Issue 27: a dead instance's carets are gone everywhere within 5 s. */
const NO_GHOSTS_AFTER_MS = 5_000;
/** Nearest-rank percentile of `values` (sorted here). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

const lines = (client: Client): string[] =>
  documentText(client.doc)
    .split('\n')
    .filter((l) => l !== '');

describe.skipIf(unavailable !== null)(
  `three instances restarted one after another${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useProcessCluster('scale-out-restart-server');
    let browser: CollabSession | undefined;
    afterEach(() => {
      browser?.destroy();
      browser = undefined;
      vi.unstubAllGlobals();
    });

    it('a join storm after a rolling restart: everyone syncs the whole document once, no ghost carets after 5 s, and a browser session’s caret back at once after its restart', async () => {
      const ports = [await freePort(), await freePort(), await freePort()];
      const instances = await Promise.all(ports.map((port) => cluster.start({ port })));
      const [a] = instances;
      if (!a) throw new Error('three instances');
      const { id, editorToken } = await createDoc(a.url, 'Rolling restart');
      const live = new Set<Client>();
      const names = new Map<Client, string>();
      const connect = (instance: ClusterProcess, name: string): Client => {
        const client = cluster.track(connectClient(instance.collabUrl, id, editorToken));
        client.provider.awareness.setLocalStateField('user', { name, color: '#336699' });
        live.add(client);
        names.set(client, name);
        return client;
      };
      // Content first, then three authors per instance; one of each instance's leaves for good with it.
      const writer = connect(a, 'writer');
      await waitSynced(writer);
      const expected: string[] = [];
      for (let k = 0; k < 30; k++) {
        appendParagraph(writer.doc, `base ${k}`);
        expected.push(`base ${k}`);
      }
      const staying = instances.map((instance, i) => [0, 1].map((k) => connect(instance, `${'abc'[i]}${k}`)));
      const leaving = instances.map((instance, i) => connect(instance, `${'abc'[i]} leaves`));
      // One author in the browser's own session, on the first instance: her caret must be back at once after
      // its restart (y-websocket alone resends the clock the others forgot her at, and waits for its renewal).
      stubBrowser(new URL(a.url).host);
      const ada = openBrowserSession(id, editorToken);
      browser = ada;
      ada.provider.awareness.setLocalStateField('user', { name: 'Ada', color: '#336699' });
      await Promise.all([...live].map((x) => waitSynced(x)));
      const adaId = ada.doc.clientID;
      const ids = (set: Iterable<Client>): number[] => [...set].map((x) => x.doc.clientID).sort((x, y) => x - y);
      const everyone = (): number[] => [...ids(live), adaId].sort((x, y) => x - y);
      const seen = (x: Client): number[] => [...x.provider.awareness.getStates().keys()].sort((p, q) => p - q);
      await retryUntil(() => [...live].forEach((x) => expect(seen(x)).toEqual(everyone())), 10_000);

      // The rolling restart: SIGTERM, wait for the exit, start again on the same port and data directory,
      // wait until it is ready and its clients are back. Everyone types meanwhile.
      let lastRestartAt = 0;
      for (const [i, old] of instances.entries()) {
        const letter = 'abc'[i] ?? '?';
        const code = await stopServerProcess(old, 'SIGTERM');
        expect(code, `instance ${letter} did not stop cleanly:\n${old.output().slice(-4_000)}`).toBe(0);
        // A browser closed while its server was away: it never comes back.
        const gone = leaving[i];
        if (!gone) throw new Error('no leaving client');
        gone.destroy();
        live.delete(gone);
        for (const x of staying.flat()) {
          const line = `${names.get(x) ?? '?'} while ${letter} restarts`;
          appendParagraph(x.doc, line);
          expected.push(line);
        }
        const fresh = await cluster.start({ port: old.port, dataDir: old.dataDir });
        instances[i] = fresh;
        lastRestartAt = Date.now();
        await retryUntil(async () => expect((await fetch(`${fresh.url}/readyz`)).status).toBe(200), 10_000);
        await Promise.all((staying[i] ?? []).map((x) => waitSynced(x, 10_000)));
        if (i === 0) {
          await retryUntil(() => expect(ada.getState().synced).toBe(true), 15_000);
          await retryUntil(() => [...live].forEach((x) => expect(seen(x)).toContain(adaId)), 3_000);
        }
      }
      expected.sort();
      await retryUntil(() => staying.flat().forEach((x) => expect(lines(x).sort()).toEqual(expected)), 10_000);

      // The join storm, spread over the three instances; each joiner must hold the whole document when synced.
      const syncMs: number[] = [];
      const joined: Array<Promise<string[]>> = [];
      const joiners: Client[] = [];
      for (let k = 0; k < STORM; k++) {
        const instance = instances[k % instances.length];
        if (!instance) throw new Error('no instance');
        const started = performance.now();
        const joiner = connect(instance, `joiner ${k}`);
        joiners.push(joiner);
        joined.push(
          waitSynced(joiner, 30_000).then(() => {
            syncMs.push(performance.now() - started);
            return lines(joiner).sort();
          }),
        );
      }
      // 5 s after the last restart, whatever the storm is doing: nobody shows a caret of a client that left.
      await sleep(Math.max(0, lastRestartAt + NO_GHOSTS_AFTER_MS - Date.now()));
      const goneIds = new Set(leaving.map((x) => x.doc.clientID));
      const liveIds = new Set(everyone());
      for (const x of live) {
        const ghosts = seen(x).filter((clientId) => !liveIds.has(clientId));
        expect(ghosts, `${names.get(x)} shows carets of clients that left`).toEqual([]);
        expect(seen(x).some((clientId) => goneIds.has(clientId))).toBe(false);
      }

      const documents = await Promise.all(joined);
      documents.forEach((got) => expect(got).toEqual(expected));
      const [p50, p99] = [percentile(syncMs, 0.5), percentile(syncMs, 0.99)];
      console.log(
        `join storm after a rolling restart: ${STORM} clients on 3 instances synced in p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
      );

      // The storm's presence crosses the instances (each restarted one reads the others' again): everyone
      // sees every joiner, and still nobody who left.
      const joinerIds = ids(joiners);
      await retryUntil(() => {
        for (const x of live) {
          expect(seen(x)).toEqual(expect.arrayContaining(joinerIds));
          expect(seen(x).filter((clientId) => !liveIds.has(clientId))).toEqual([]);
        }
      }, 5_000);
      await retryUntil(() => [...live].forEach((x) => expect(lines(x).sort()).toEqual(expected)));
    }, 120_000);
  },
);
