#!/usr/bin/env node
// `npm run bench:collab`: runs ../shared/bench/collab against our server and the two peers
// (y-websocket reference server, Hocuspocus) in one sitting and prints ours beside theirs.
// Flags: --quick, --only tandem|y-websocket|hocuspocus (repeatable), --scenarios LIST, --max-seconds S.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparisonTable } from './bench/collab-report.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(repo, '../shared/bench/collab');
const work = path.join(repo, 'bench-results', 'collab-harness');
const resultsDir = path.join(repo, 'bench-results', 'collab');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const quick = flag('--quick');
const only = values('--only');
const targets = only.length > 0 ? only : ['tandem', 'y-websocket', 'hocuspocus'];
const scenarios = values('--scenarios')[0] ?? 'fanout,sync,idle,restart';
const maxSeconds = values('--max-seconds')[0];

function log(msg) {
  process.stderr.write(`[bench:collab] ${msg}\n`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function prepareHarness() {
  if (!fs.existsSync(path.join(source, 'bin', 'bench.mjs'))) {
    throw new Error(`harness not found at ${source} (../shared/bench/collab beside the repository)`);
  }
  fs.mkdirSync(work, { recursive: true });
  fs.cpSync(source, work, {
    recursive: true,
    filter: (src) => !path.relative(source, src).split(path.sep).some((p) => p === 'node_modules' || p === 'results'),
  });
  const lock = fs.readFileSync(path.join(work, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const marker = path.join(work, 'node_modules', '.tandem-lock-hash');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === hash) return;
  log('installing the harness (npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.writeFileSync(marker, hash);
}

function ensureServerBuild() {
  const built = path.join(repo, 'dist-server', 'main.js');
  const stale =
    !fs.existsSync(built) ||
    fs.statSync(built).mtimeMs < Math.max(newestMtime(path.join(repo, 'server/src')), newestMtime(path.join(repo, 'shared/src')));
  if (stale) {
    log('building the server…');
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: repo, stdio: 'inherit' });
  }
  return built;
}

function targetArgs(target, serverEntry) {
  if (target !== 'tandem') return ['--peer', target];
  const cmd = (data) =>
    `env TANDEM_ADMIN_TOKEN=bench TANDEM_DATA_DIR=${data} HOST=127.0.0.1 PORT={port} LOG_LEVEL=warn node ${serverEntry}`;
  return [
    '--label',
    'tandem',
    '--server',
    cmd('{dataDir}'),
    '--server-persist',
    cmd('{dataDir}'),
    '--url-template',
    'ws://127.0.0.1:{port}/collab/{room}?token=bench',
    '--dialect',
    'y-websocket',
  ];
}

function runOne(target, serverEntry) {
  const before = new Set(fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir) : []);
  const args = [
    'bin/bench.mjs',
    ...targetArgs(target, serverEntry),
    '--scenarios',
    scenarios,
    '--out',
    resultsDir,
    // The figures: 1 doc x 50 clients and 20 docs x 10 clients, plus the knee sweeps.
    '--clients-sweep',
    quick ? '10,50,200' : '10,50,100,200,476',
    '--docs-sweep',
    quick ? '20,100' : '20,100,200',
  ];
  if (quick) args.push('--quick');
  if (maxSeconds) args.push('--max-seconds', maxSeconds);
  log(`running ${target}…`);
  const res = spawnSync(process.execPath, args, { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) log(`${target}: harness exited with ${res.status}`);
  const added = fs.readdirSync(resultsDir).filter((f) => !before.has(f) && f.endsWith('.json'));
  const file = added.find((f) => f.startsWith(`${target}-`));
  return file ? JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8')) : undefined;
}

function main() {
  prepareHarness();
  const serverEntry = ensureServerBuild();
  fs.mkdirSync(resultsDir, { recursive: true });
  const results = {};
  for (const target of targets) {
    const result = runOne(target, serverEntry);
    if (result) results[target] = result;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const md = [
    `# Collaboration benchmark, ${new Date().toISOString()}`,
    '',
    `Harness: ../shared/bench/collab, scenarios ${scenarios}${quick ? ' (quick)' : ''}; all targets in one run on this machine.`,
    'Ratios are tandem / peer; "(ok)" means at least as good as the peer on that figure.',
    '',
    results.tandem ? comparisonTable(results) : '_our server produced no result; see the harness output above_',
    '',
  ].join('\n');
  const out = path.join(repo, 'bench-results', `collab-summary-${stamp}.md`);
  fs.writeFileSync(out, md);
  process.stdout.write(`\n${md}\nwritten to ${path.relative(repo, out)}\n`);
  if (!results.tandem) process.exitCode = 1;
}

main();
