import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { WebsocketProvider } from 'y-websocket';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { appendParagraph, connectClient, documentText, waitSynced, type Client } from '../helpers/collab-client';
import { freshDatabase, postgresUnavailable, stopOwnPostgres } from '../helpers/postgres';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil } from '../helpers/retry-until';

const repo = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repo, '.ci-out', 'scale-out-server', 'main.js');
const unavailable = postgresUnavailable() ?? redisUnavailable();

interface Instance {
  child: ChildProcess;
  url: string;
  collabUrl: string;
  dataDir: string;
}

/** A bundled production server as its own process, so it can really die with SIGKILL. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-scale-'));
  const child = spawn(process.execPath, [entry], {
    cwd: repo,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', TANDEM_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, url, collabUrl: `${url.replace('http', 'ws')}/collab`, dataDir };
}

function stop(instance: Instance, signal: NodeJS.Signals): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.kill(signal);
  });
}

const names = (client: Client): string[] =>
  [...client.provider.awareness.getStates().values()].map((s) => String((s.user as { name?: string })?.name));

describe.skipIf(unavailable !== null)(`three instances, one killed${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let redis: TestRedis;
  let env: Record<string, string>;
  let instances: Instance[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    await build({
      entryPoints: [path.join(repo, 'server/src/main.ts')],
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: path.join(repo, 'server/tsconfig.json'),
      logLevel: 'error',
    });
    redis = await startRedis();
    env = {
      DATABASE_URL: await freshDatabase(undefined),
      REDIS_URL: redis.url,
      TANDEM_SECRET: 'a-shared-secret-for-three-instances',
    };
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await Promise.all(instances.map((i) => stop(i, 'SIGKILL')));
    for (const i of instances) fs.rmSync(i.dataDir, { recursive: true, force: true });
    instances = [];
  });
  afterAll(async () => {
    await redis.stop();
    await stopOwnPostgres();
  });

  it('SIGKILL of one instance mid-burst: every edit a client saw is stored, the documents agree, its carets vanish', async () => {
    instances = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
    const [a, b, c] = instances;
    if (!a || !b || !c) throw new Error('three instances');
    const { id, editorToken } = await createDoc(b.url, 'Kill one');
    const connect = (instance: Instance, name: string): Client => {
      const client = connectClient(instance.collabUrl, id, editorToken);
      client.provider.awareness.setLocalStateField('user', { name, color: '#336699' });
      clients.push(client);
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
});
