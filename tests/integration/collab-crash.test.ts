import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { bundleServer, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-process';

let entry = '';
const startProcess = (dataDir: string): Promise<ServerProcess> =>
  startServerProcess(entry, { TANDEM_DATA_DIR: dataDir });
const killHard = (proc: ServerProcess): Promise<number | null> => stopServerProcess(proc, 'SIGKILL');

describe('crash safety', () => {
  let dataDir: string;
  beforeAll(async () => {
    entry = await bundleServer('crash-test-server');
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
    const exitCode = await stopServerProcess(first, signal);
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
