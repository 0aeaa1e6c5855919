// Server memory at rest and per idle client (issue 29): starts the built server (dist-server/main.js, or
// TANDEM_SERVER_OUT; built first when older than its sources), reads its RSS with no client, then connects
// raw y-websocket clients (sync step 1 + an awareness state, renewed every 15 s as y-protocols does),
// `--per-room` to a document, and reads the RSS again at each step once the server has settled: a pause,
// then a full garbage collection forced through the inspector (the server runs with --inspect on a free
// local port), so the figures do not depend on when V8 last collected. Prints figures only; asserts nothing.
//
//   npm run bench:memory [-- --steps 1000,2000,4000 --per-room 10 --settle-ms 6000 --server FILE]
//   --heap-snapshots DIR also writes a heap snapshot at each step (compare two with heap-diff.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { ensureServerBuild } from './collab-harness.mjs';
import { freePort } from './local-server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '1000,2000,4000' },
    'per-room': { type: 'string', default: '10' },
    'settle-ms': { type: 'string', default: '6000' },
    'rest-ms': { type: 'string', default: '5000' },
    server: { type: 'string' },
    'heap-snapshots': { type: 'string' },
  },
});
const steps = args.steps.split(',').map(Number);
const perRoom = Number(args['per-room']);
const settleMs = Number(args['settle-ms']);
const TOKEN = 'bench';

const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (kib) => kib / 1024;

function rssKiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** A Chrome DevTools Protocol session with the server's inspector. */
async function inspectorSession(url) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  let chunks = [];
  ws.on('message', (data) => {
    const reply = JSON.parse(String(data));
    if (reply.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(reply.params.chunk);
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Collects garbage (twice: weak references cleared by the first are freed by the second), then measures. */
    async settle() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const reply = await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      return JSON.parse(reply.result.result.value);
    },
    /** Writes a heap snapshot (after settle(), so it holds what is alive). */
    async snapshot(file) {
      chunks = [];
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      fs.writeFileSync(file, chunks.join(''));
      chunks = [];
    },
    close: () => ws.close(),
  };
}

async function startServer(entry) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-memory-'));
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', entry], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TANDEM_DATA_DIR: dataDir,
      TANDEM_ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const inspectorUrl = new Promise((resolve) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const found = /Debugger listening on (ws:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]);
      if (!text.includes('Debugger')) process.stderr.write(chunk);
    });
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('server did not answer /healthz within 20 s');
    await sleep(100);
  }
  const inspector = await inspectorSession(await inspectorUrl);
  const stop = async () => {
    inspector.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const measure = async () => {
    const usage = await inspector.settle();
    return { rss: rssKiB(child.pid), heap: usage.heapUsed / 1024 };
  };
  return { port, measure, stop, snapshot: (file) => inspector.snapshot(file) };
}

// y-websocket messages, written with lib0 (what y-protocols/sync and y-protocols/awareness send).
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;

function syncStep1() {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  encoding.writeVarUint(e, 0); // step 1
  encoding.writeVarUint8Array(e, new Uint8Array([0])); // an empty state vector
  return encoding.toUint8Array(e);
}

function awareness(clientId, clock) {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, 1);
  encoding.writeVarUint(update, clientId);
  encoding.writeVarUint(update, clock);
  const name = `idle-${clientId % 100_000}`;
  encoding.writeVarString(update, JSON.stringify({ user: { name, color: '#30bced' }, cursor: null }));
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(e, encoding.toUint8Array(update));
  return encoding.toUint8Array(e);
}

let nextClientId = 1;

/** One idle client: resolves once the server answered (its first message), keeps its awareness alive. */
function connectClient(port, room) {
  return new Promise((resolve, reject) => {
    const url = `ws://127.0.0.1:${port}/collab/${room}?token=${TOKEN}`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const clientId = nextClientId++;
    let clock = 0;
    let timer;
    ws.once('open', () => {
      ws.send(syncStep1());
      ws.send(awareness(clientId, ++clock));
      timer = setInterval(() => ws.send(awareness(clientId, ++clock)), 15_000);
    });
    ws.once('message', () => resolve({ ws, timer }));
    ws.once('error', reject);
    ws.once('close', (code) => {
      clearInterval(timer);
      reject(new Error(`closed with ${code} before any message`));
    });
  });
}

async function connectMany(port, from, to) {
  const clients = [];
  const concurrency = 100;
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      clients.push(await connectClient(port, `memory-${Math.floor(i / perRoom)}`));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return clients;
}

const entry = args.server ? path.resolve(args.server) : ensureServerBuild({ repo, log });
const server = await startServer(entry);
const clients = [];
try {
  await sleep(Number(args['rest-ms']));
  const rows = [{ clients: 0, ...(await server.measure()) }];
  const [rest] = rows;
  log(`at rest: RSS ${mib(rest.rss).toFixed(1)} MiB, heap ${mib(rest.heap).toFixed(1)} MiB`);
  for (const n of steps) {
    clients.push(...(await connectMany(server.port, clients.length, n)));
    await sleep(settleMs);
    const row = { clients: n, ...(await server.measure()) };
    rows.push(row);
    if (args['heap-snapshots']) {
      fs.mkdirSync(args['heap-snapshots'], { recursive: true });
      await server.snapshot(path.join(args['heap-snapshots'], `clients-${n}.heapsnapshot`));
    }
    log(`${n} idle clients: RSS ${mib(row.rss).toFixed(1)} MiB, heap ${mib(row.heap).toFixed(1)} MiB`);
  }
  const perThousand = (kib, n) => ((mib(kib) / n) * 1000).toFixed(2);
  console.log(
    `server: ${path.relative(repo, entry)}, ${perRoom} clients per document, settle ${settleMs} ms + forced GC`,
  );
  console.log('clients  RSS MiB  heap MiB  RSS/1,000 since 0  since previous  heap/1,000 since 0  since previous');
  rows.forEach((row, i) => {
    const prev = rows[i - 1];
    const cells = row.clients
      ? [
          perThousand(row.rss - rest.rss, row.clients),
          prev.clients ? perThousand(row.rss - prev.rss, row.clients - prev.clients) : '',
          perThousand(row.heap - rest.heap, row.clients),
          prev.clients ? perThousand(row.heap - prev.heap, row.clients - prev.clients) : '',
        ]
      : ['', '', '', ''];
    console.log(
      [
        String(row.clients).padStart(7),
        mib(row.rss).toFixed(1).padStart(7),
        mib(row.heap).toFixed(1).padStart(8),
        cells[0].padStart(17),
        cells[1].padStart(14),
        cells[2].padStart(18),
        cells[3].padStart(14),
      ].join('  '),
    );
  });
} finally {
  for (const { ws, timer } of clients) {
    clearInterval(timer);
    ws.terminate();
  }
  await server.stop();
}
