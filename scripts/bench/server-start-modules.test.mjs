import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, waitHealthy } from './local-server.mjs';
import { buildServer, dependencyClosure, startClosure } from './server-start-modules.mjs';

// Issue 29 (server memory at rest): the built server's start evaluates neither Tiptap/ProseMirror nor the
// exporters, the HTML readers or the image and cloud libraries; each loads at its first use. Checked on a
// fresh build, twice: statically (the chunks main.js imports, and what their packages depend on) and by
// running it (every module the started server resolved, recorded by a loader hook).

const here = path.dirname(fileURLToPath(import.meta.url));
/** Packages that must not load at start. */
const LAZY =
  /^(@tiptap\/|prosemirror-|@handlewithcare\/|y-prosemirror$|marked$|diff$|parse5$|docx$|pdfkit$|mammoth$|jsdom$|linkedom$|sharp$|file-type$|@aws-sdk\/|ioredis$|pg$|piscina$)/;
/** Our modules that must not load at start: the document model's Tiptap nodes, the 460 KiB icon drawings. */
const LAZY_SOURCES = /shared\/src\/document\/(model\/create-document-model|icons\/lucide-drawings)\.ts$/;

let dir;
let built;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-start-modules-'));
  built = buildServer(dir);
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('what the built server evaluates at start', () => {
  it('imports no Tiptap, ProseMirror or other first-use package, directly or through a dependency', () => {
    const { packages, inputs } = startClosure(built.metafile);
    const names = [...packages.keys()].filter((name) => !name.startsWith('node:'));
    // The walk found the start path (a broken walk would find nothing to refuse).
    expect(names).toEqual(expect.arrayContaining(['fastify', 'yjs', 'y-protocols']));
    expect(names.filter((name) => LAZY.test(name))).toEqual([]);
    expect([...dependencyClosure(names)].filter((name) => LAZY.test(name))).toEqual([]);
    expect([...inputs.keys()].filter((input) => LAZY_SOURCES.test(input))).toEqual([]);
  });

  it('loads no Tiptap or ProseMirror module when started, until a document needs them', async () => {
    const record = path.join(dir, 'modules.txt');
    const packagesIn = (text) =>
      new Set(text.split('\n').flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.slice(1, 2) ?? []));
    let atStart;
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', path.join(here, 'record-modules.mjs'), built.entry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TANDEM_DATA_DIR: path.join(dir, 'data'),
        TANDEM_ADMIN_TOKEN: 'start-modules',
        LOG_LEVEL: 'warn',
        TANDEM_RECORD_MODULES: record,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitHealthy(base, child);
      // A request through the document routes too (creating a document writes its first paragraph).
      const created = await fetch(`${base}/api/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'start' }),
      });
      expect(created.status).toBe(201);
      atStart = packagesIn(fs.readFileSync(record, 'utf8'));
      // The first document opened loads the document model (the guard's rules).
      const ws = new WebSocket(`ws://127.0.0.1:${port}/collab/start-modules?token=start-modules`);
      await new Promise((resolve, reject) => {
        ws.once('message', resolve);
        ws.once('error', reject);
      });
      ws.terminate();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    }
    // The hook saw the server's packages (it would see nothing if it were not installed).
    expect([...atStart]).toEqual(expect.arrayContaining(['fastify', 'yjs']));
    expect([...atStart].filter((name) => LAZY.test(name))).toEqual([]);
    expect([...packagesIn(fs.readFileSync(record, 'utf8'))]).toContain('@tiptap/core');
  }, 60_000);
});
