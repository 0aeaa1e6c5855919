#!/usr/bin/env node
// `npm run bench:editor`: keystroke-to-paint, load, paste, select-all+bold and shipped bytes of our editor
// (every capability and live collaboration loaded) beside plain Tiptap, Tiptap + Yjs, Froala, TinyMCE and
// CKEditor 5, in one run of the shared harness (../shared/bench/editor). Prints our figures, the peers'
// and the ratios, and writes them to bench-results/editor-summary-<time>.md. `--help` for options.
//
// How our page is measured: the harness opens `--url` with `?benchDoc=<its document>`. A tiny redirect
// server answers that URL with a 302 to a *fresh* Tandem document that already holds the same content on
// our server (seeded before the run through a real y-websocket client), so every page load opens its own
// document from the collaboration server, as a user would, and no run sees another run's typing or bold.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { ensureServerBuild, prepareHarness } from './bench/collab-harness.mjs';
import { createDocument, freePort, waitHealthy } from './bench/local-server.mjs';
import { measureViews } from './bench/views.mjs';

const PEERS = ['froala', 'tinymce', 'ckeditor', 'tiptap', 'tiptap-yjs'];
const HELP = `npm run bench:editor -- [options]

  --reps N            repetitions (default 3; the harness's own default is 5)
  --peers a,b         built-in pages beside ours (default ${PEERS.join(',')})
  --scenarios LIST    harness scenarios, and ours: views = open code view / Markdown (default load,type,paste,bold,huge,views)
  --spell-checker M   our server's spellChecker option: tandem (default), browser or off — run twice to compare
  --suggesting        our pages open in suggestion mode (?mode=suggesting): run with and without to compare typing
  --help

Copies ../shared/bench/editor to bench-results/editor-harness/ (npm ci and its build once), builds our
client into bench-results/editor-client/, starts our server on a free port with a throw-away data
directory, seeds one document per page load, runs the harness and prints ratios (ours / peer).`;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(repo, '../shared/bench/editor');
const work = path.join(repo, 'bench-results', 'editor-harness');
const clientDir = path.join(repo, 'bench-results', 'editor-client');
const log = (msg) => process.stderr.write(`[bench:editor] ${msg}\n`);

function parseArgs(argv) {
  const o = { reps: 3, peers: PEERS, scenarios: 'load,type,paste,bold,huge,views', spellChecker: 'tandem' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--reps') o.reps = Number(value());
    else if (a === '--peers') o.peers = value().split(',').filter(Boolean);
    else if (a === '--scenarios') o.scenarios = value();
    else if (a === '--spell-checker') o.spellChecker = value();
    else if (a === '--suggesting') o.suggesting = true;
    else throw new Error(`unknown option ${a} (see --help)`);
  }
  if (!Number.isInteger(o.reps) || o.reps < 1) throw new Error('--reps must be a positive integer');
  if (!['tandem', 'browser', 'off'].includes(o.spellChecker))
    throw new Error('--spell-checker: tandem, browser or off');
  return o;
}

function connect(base, id, token) {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${base.replace(/^http/, 'ws')}/collab`, id, doc, {
    params: { token },
    WebSocketPolyfill: WebSocket,
    disableBc: true,
  });
  return { doc, provider };
}

const hasMarker = (doc) => doc.getXmlFragment('default').toString().includes('BENCHEND');

async function until(check, what, timeoutMs = 180_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The harness document converted by OUR editor (our schema, every capability): loaded once into a
 * document in a real browser, then read back over the collaboration protocol as a Yjs update.
 */
/* global window -- evaluated inside the page */
async function seedUpdate(browser, base, name, html) {
  const created = await createDocument(base, `bench ${name}`);
  const page = await browser.newPage();
  await page.goto(created.editorUrl);
  await page.waitForFunction(() => window.__tandem?.editor !== undefined, null, { timeout: 60_000 });
  // What the model cannot hold (none expected now that tables are in it) is dropped, not refused.
  await page.evaluate(
    (content) => window.__tandem?.editor.commands.setContent(content, { errorOnInvalidContent: false }),
    html,
  );
  const reader = connect(base, created.id, created.editorToken);
  await until(() => hasMarker(reader.doc), `the ${name} document to reach the server`);
  await page.close();
  const update = Y.encodeStateAsUpdate(reader.doc);
  reader.provider.destroy();
  log(`${name}: our schema keeps ${(update.length / 1024).toFixed(0)} KiB of Yjs state`);
  return update;
}

/** A fresh document holding `update`, stored on the server before it is handed out. */
async function seededDocument(base, update) {
  const created = await createDocument(base, 'bench');
  const writer = connect(base, created.id, created.editorToken);
  await until(() => writer.provider.synced, 'the writer to sync');
  Y.applyUpdate(writer.doc, update);
  const check = connect(base, created.id, created.editorToken);
  await until(() => hasMarker(check.doc), 'the seeded document to round-trip');
  writer.provider.destroy();
  check.provider.destroy();
  return new URL(created.editorUrl);
}

function runHarness(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs', ...args], { cwd: work, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`harness exited with ${code}`))));
  });
}

const median = (values) => {
  const a = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  if (a.length === 0) return NaN;
  const mid = Math.floor(a.length / 2);
  return a.length % 2 ? a[mid] : (a[mid - 1] + a[mid]) / 2;
};
const pick = (obj, p) => p.split('.').reduce((x, k) => (x == null ? undefined : x[k]), obj);

const METRICS = [
  ['key p95, 200 KB, middle (ms)', 'lt.typeMid.frameP95'],
  ['key p95, 200 KB, end (ms)', 'lt.typeEnd.frameP95'],
  ['key p50, 200 KB, middle (ms)', 'lt.typeMid.frameP50'],
  ['key p95, 2 MB, middle (ms)', 'huge.typeMid.frameP95'],
  ['key p50, 2 MB, middle (ms)', 'huge.typeMid.frameP50'],
  ['script per key, 200 KB (ms)', 'lt.typeMid.perKey.script'],
  ['ready, 200 KB (ms)', 'lt.load.readyAt'],
  ['ready, 2 MB (ms)', 'huge.load.readyAt'],
  ['JS heap, 200 KB (MB)', 'lt.mem.heapUsedMB'],
  ['paste 500 KB (ms)', 'paste.frame'],
  ['select all + bold (ms)', 'bold.frame'],
];

function summarize(resultFile) {
  const { meta, results } = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  const names = meta.targets.map((t) => t.name);
  const value = (name, p) => median((results[name] ?? []).map((r) => Number(pick(r, p))));
  const bytes = (name) =>
    median(
      (results[name] ?? []).map(
        (r) => (Number(pick(r, 'lt.bytes.js.gzip')) + Number(pick(r, 'lt.bytes.css.gzip'))) / 1024,
      ),
    );
  const peers = names.filter((n) => n !== 'tandem');
  const fmt = (v) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : 'n/a');
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  const lines = [
    `Editor benchmark ${meta.stamp}: ${meta.reps} repetitions, Chromium ${meta.browserVersion}, ${meta.cpus} CPUs.`,
    'Medians over repetitions; ratio = Tandem / peer (below 1 = Tandem faster or smaller).',
    '',
    `| metric | tandem | ${peers.map((p) => `${p} | ratio`).join(' | ')} |`,
    `|---|---:|${peers.map(() => '---:|---:').join('|')}|`,
  ];
  const row = (label, get) => {
    const ours = get('tandem');
    lines.push(
      `| ${label} | ${fmt(ours)} | ${peers.map((p) => `${fmt(get(p))} | ${ratio(ours, get(p))}`).join(' | ')} |`,
    );
  };
  row('initial JS+CSS gzip (KiB)', bytes);
  for (const [label, p] of METRICS) row(label, (n) => value(n, p));
  return lines.join('\n') + '\n';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    process.stdout.write(HELP + '\n');
    return;
  }
  prepareHarness({ source, work, log, entry: 'scripts/bench.mjs' });
  if (!fs.existsSync(path.join(work, 'dist', 'docs', 'huge.html'))) {
    log('building the harness pages and documents (npm run build)');
    execFileSync('npm', ['run', 'build'], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const serverEntry = ensureServerBuild({ repo, log });
  log('building our client into bench-results/editor-client');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, TANDEM_BUILD_DIR: clientDir },
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-editor-'));
  const port = await freePort();
  // The harness's paste scenario fetches its clipboard document from the harness server, from our page:
  // our CSP lets the page fetch from that (loopback) origin only for this run.
  const harnessPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TANDEM_DATA_DIR: dataDir,
      TANDEM_CLIENT_DIR: clientDir,
      TANDEM_BENCH_CONNECT_SRC: `http://127.0.0.1:${harnessPort}`,
      LOG_LEVEL: 'warn',
      TANDEM_EDITOR_OPTIONS: JSON.stringify({ spellChecker: opts.spellChecker }),
    },
  });
  log(`our spell checker: ${opts.spellChecker}`);
  let redirect;
  try {
    await waitHealthy(base, server);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    // Page loads per repetition: load+type, paste and bold use the 200 KB document, huge the 2 MB one.
    const scenarios = new Set(opts.scenarios.split(','));
    const largeLoads = ['load', 'type', 'paste', 'bold'].filter((s) => scenarios.has(s)).length;
    const need = {
      large:
        (largeLoads === 0
          ? 0
          : opts.reps * (largeLoads - (scenarios.has('load') && scenarios.has('type') ? 1 : 0)) + 1) +
        (scenarios.has('views') ? opts.reps : 0),
      huge: scenarios.has('huge') ? opts.reps + 1 : 0,
    };
    const updates = {};
    try {
      for (const name of ['large', 'huge'].filter((n) => need[n] > 0)) {
        const html = fs.readFileSync(path.join(work, 'dist', 'docs', `${name}.html`), 'utf8');
        updates[name] = await seedUpdate(browser, base, name, html);
      }
    } finally {
      await browser.close();
    }
    const pool = { large: [], huge: [] };
    for (const name of ['large', 'huge'].filter((n) => need[n] > 0)) {
      log(`seeding ${need[name]} ${name} documents`);
      for (let i = 0; i < need[name]; i++) pool[name].push(await seededDocument(base, updates[name]));
    }

    redirect = http.createServer((req, res) => {
      const doc = new URL(req.url ?? '/', 'http://x').searchParams.get('benchDoc') ?? '';
      const name = /huge\.html$/.test(doc) ? 'huge' : 'large';
      const next = pool[name].shift();
      if (!next) {
        res.writeHead(503).end(`no seeded ${name} document left`);
        return;
      }
      const target = new URL(next);
      if (opts.suggesting) target.searchParams.set('mode', 'suggesting');
      res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
    });
    const redirectPort = await freePort();
    await new Promise((resolve) => redirect.listen(redirectPort, '127.0.0.1', resolve));

    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-');
    const out = path.join(repo, 'bench-results', 'editor', stamp);
    // The view openings are ours (the harness has no such scenario): their documents are set aside first.
    const viewUrls = scenarios.has('views') ? pool.large.splice(0, opts.reps).map(String) : [];
    const harnessScenarios = [...scenarios].filter((s) => s !== 'views').join(',');
    let summary = '';
    if (harnessScenarios !== '') {
      await runHarness([
        '--port',
        String(harnessPort),
        '--url',
        `http://127.0.0.1:${redirectPort}/open`,
        '--selector',
        '.ProseMirror',
        '--name',
        'tandem',
        '--editors',
        opts.peers.join(','),
        '--reps',
        String(opts.reps),
        '--scenarios',
        harnessScenarios,
        '--out',
        out,
      ]);
      const result = fs.readdirSync(out).find((f) => f.endsWith('.json'));
      if (!result) throw new Error(`no result file in ${out}`);
      summary =
        `Our spell checker: ${opts.spellChecker}; suggestion mode: ${opts.suggesting ? 'on' : 'off'}\n\n` +
        summarize(path.join(out, result));
      log(`full tables: ${path.relative(repo, path.join(out, result.replace(/\.json$/, '.md')))}`);
    }
    if (viewUrls.length > 0) {
      const viewsBrowser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        summary += '\n' + (await measureViews({ browser: viewsBrowser, harness: work, urls: viewUrls, log }));
      } finally {
        await viewsBrowser.close();
      }
    }
    const summaryFile = path.join(repo, 'bench-results', `editor-summary-${stamp}.md`);
    fs.writeFileSync(summaryFile, summary);
    process.stdout.write('\n' + summary);
    log(`summary: ${path.relative(repo, summaryFile)}`);
  } finally {
    redirect?.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Exit when done: sockets of the seeding clients would otherwise keep the process alive.
main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`[bench:editor] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
