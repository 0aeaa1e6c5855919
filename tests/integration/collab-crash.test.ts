import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import {
  appendParagraph,
  connectClient,
  contentOf,
  documentText,
  waitSynced,
  type Client,
} from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';

const repo = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repo, '.ci-out', 'crash-test-server', 'main.js');

interface Proc {
  child: ChildProcess;
  url: string;
  collabUrl: string;
}

/** Starts the bundled production server as its own process, so it can really be killed with SIGKILL. */
async function startProcess(dataDir: string): Promise<Proc> {
  const child = spawn(process.execPath, [entry], {
    cwd: repo,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TANDEM_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, url, collabUrl: `${url.replace('http', 'ws')}/collab` };
}

const stopWith = (proc: Proc, signal: NodeJS.Signals): Promise<number | null> =>
  new Promise((resolve) => {
    proc.child.once('exit', (code) => resolve(code));
    proc.child.kill(signal);
  });
const killHard = (proc: Proc): Promise<number | null> => stopWith(proc, 'SIGKILL');

describe('crash safety', () => {
  let dataDir: string;
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
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-crash-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['SIGKILL', 150],
    ['SIGKILL', 400],
    ['SIGKILL', 900],
    ['SIGTERM', 300],
  ] as const)('loses no edit another client saw when stopped with %s after %i ms of edits', async (signal, afterMs) => {
    const first = await startProcess(dataDir);
    const created = await createDoc(first.url);
    const observer = connectClient(first.collabUrl, created.id, created.editorToken);
    const writers: Client[] = [0, 1, 2].map(() => connectClient(first.collabUrl, created.id, created.editorToken));
    await Promise.all([observer, ...writers].map((c) => waitSynced(c)));
    const seen = new Set<string>();
    // Each edit is one paragraph holding its name.
    contentOf(observer.doc).observe(() => {
      for (const line of documentText(observer.doc).split('\n')) if (line) seen.add(line);
    });

    let stop = false;
    const streams = writers.map(async (w, i) => {
      for (let n = 0; !stop; n++) {
        appendParagraph(w.doc, `w${i}-${n}`);
        await sleep(2);
      }
    });
    await sleep(afterMs);
    const exitCode = await stopWith(first, signal);
    // A graceful stop flushes and exits cleanly; SIGKILL gives no chance to.
    if (signal === 'SIGTERM') expect(exitCode).toBe(0);
    stop = true;
    await Promise.all(streams);
    // Writers must not re-send their edits to the restarted server: only what the server stored counts.
    for (const c of [observer, ...writers]) c.destroy();
    const seenAtKill = new Set(seen);
    expect(seenAtKill.size).toBeGreaterThan(0);

    const second = await startProcess(dataDir);
    try {
      const fresh = connectClient(second.collabUrl, created.id, created.editorToken);
      await waitSynced(fresh);
      await retryUntil(() => {
        const stored = new Set(documentText(fresh.doc).split('\n'));
        const missing = [...seenAtKill].filter((e) => !stored.has(e));
        expect(missing).toEqual([]);
      });
      fresh.destroy();
    } finally {
      await killHard(second);
    }
  });
});
