// Prepares and runs the shared collaboration harness (../shared/bench/collab) for `npm run bench:collab`.
// The shared copy is read-only, so it is copied into bench-results/collab-harness/ (git-ignored) and
// installed there with `npm ci`, once per package-lock.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Top-level entries of the work copy that are not part of the harness source. */
const LOCAL_ENTRIES = new Set(['node_modules', 'results', '.data', 'data', 'dist']);
const LOCK_MARKER = '.tandem-bench-lock-sha256';

/** The copy keeps the source's read-only modes; make it writable so the next copy can replace it. */
function makeWritable(p) {
  const stat = fs.lstatSync(p);
  if (stat.isDirectory()) {
    fs.chmodSync(p, 0o755);
    for (const name of fs.readdirSync(p)) makeWritable(path.join(p, name));
  } else if (stat.isFile()) {
    fs.chmodSync(p, 0o644);
  }
}

/**
 * Copies the harness (without node_modules/results) into `work` and installs its dependencies when the
 * package-lock changed since the last install.
 */
export function prepareHarness({ source, work, log, entry = 'bin/bench.mjs' }) {
  if (!fs.existsSync(path.join(source, entry))) {
    throw new Error(`harness not found at ${source} (expected ${entry} under ../shared/bench beside the repository)`);
  }
  fs.mkdirSync(work, { recursive: true });
  // Fresh copy of the sources; keep what the harness and the servers create locally.
  for (const name of fs.readdirSync(work)) {
    if (LOCAL_ENTRIES.has(name)) continue;
    makeWritable(path.join(work, name)); // read-only directories of an older copy could not be emptied
    fs.rmSync(path.join(work, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(source)) {
    if (LOCAL_ENTRIES.has(name)) continue;
    fs.cpSync(path.join(source, name), path.join(work, name), {
      recursive: true,
      filter: (src) => path.basename(src) !== 'node_modules',
    });
    makeWritable(path.join(work, name));
  }

  const lockHash = createHash('sha256')
    .update(fs.readFileSync(path.join(work, 'package-lock.json')))
    .digest('hex');
  const marker = path.join(work, 'node_modules', LOCK_MARKER);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === lockHash) {
    log('harness dependencies already installed (same package-lock)');
    return;
  }
  log(`installing the harness dependencies: npm ci in ${work}`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.writeFileSync(marker, lockHash + '\n');
}

function newestMtimeMs(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the server (`npm run build:server`) when its entry is missing or older than any file in server/src
 * or shared/src (the bundle includes shared/). The entry is dist-server/main.js, or TANDEM_SERVER_OUT when
 * set (the build script writes there too, so parallel sessions keep their own builds). Returns its absolute path.
 */
export function ensureServerBuild({ repo, log }) {
  const entry = path.resolve(repo, process.env.TANDEM_SERVER_OUT ?? path.join('dist-server', 'main.js'));
  const sources = ['server/src', 'shared/src'].map((d) => path.join(repo, d));
  const newestSource = Math.max(...sources.map(newestMtimeMs));
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= newestSource) {
    log(`server build is current: ${path.relative(repo, entry)}`);
    linkNodeModules(repo, entry);
    return entry;
  }
  log(
    fs.existsSync(entry)
      ? 'server sources changed since the last build: npm run build:server'
      : 'no server build yet: npm run build:server',
  );
  execFileSync('npm', ['run', 'build:server'], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, TANDEM_SERVER_OUT: entry },
  });
  if (!fs.existsSync(entry)) throw new Error(`npm run build:server did not produce ${entry}`);
  linkNodeModules(repo, entry);
  return entry;
}

/** The bundle imports its packages from node_modules: a build outside the repository gets a link to ours. */
function linkNodeModules(repo, entry) {
  if (!path.relative(repo, entry).startsWith('..')) return;
  const link = path.join(path.dirname(entry), 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(repo, 'node_modules'), link, 'dir');
}

/** Single-quotes a path for /bin/sh when it holds anything beyond the usual path characters. */
function shellPath(p) {
  return /^[A-Za-z0-9_./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

/** Our server with the update guard on (the real configuration) and off (to show what the guard costs). */
export const OUR_TARGETS = { tandem: 'on', 'tandem-noguard': 'off' };

/** `tandem-xN`: N instances behind scripts/scale/cluster.mjs (PostgreSQL + Redis + round-robin proxy). */
export const clusterTarget = (n) => `tandem-x${n}`;

/** The instance count of a cluster target (`tandem-x3` -> 3), or undefined. */
export function clusterSize(target) {
  const m = /^tandem-x(\d+)$/.exec(target);
  return m ? Number(m[1]) : undefined;
}

/** Our server in any form: single instance (guard on/off) or a cluster. */
export const isOurTarget = (target) => Boolean(OUR_TARGETS[target]) || clusterSize(target) !== undefined;

const clusterScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scale/cluster.mjs');

/** Single-quotes a word for /bin/sh. */
const shellWord = (w) => `'${w.replace(/'/g, `'\\''`)}'`;

/**
 * Harness arguments that select a target: our server (built entry; guard on or off, extra node flags such
 * as --cpu-prof), N instances of it behind the cluster launcher (guard on), or one of the peer presets.
 */
export function targetArgs(target, serverEntry, nodeArgs = '') {
  const guard = OUR_TARGETS[target];
  const instances = clusterSize(target);
  if (!guard && instances === undefined) return ['--label', target, '--peer', target];
  // warn: info logs a line per connection, which the peers do not pay for.
  const env = 'env TANDEM_ADMIN_TOKEN=bench HOST=127.0.0.1 LOG_LEVEL=warn';
  const args = ['--label', target];
  if (instances !== undefined) {
    // One foreground process tree (launcher + proxy, instances, postgres and its backends, redis-server),
    // so the harness's CPU/RSS sums cover all of it. No persistence command: the restart scenario's root
    // Y.Text is refused by the guard anyway.
    const cmd =
      `${env} TANDEM_COLLAB_GUARD=on node ${shellPath(clusterScript)} --port {port} --instances ${instances} ` +
      `--entry ${shellPath(serverEntry)}${nodeArgs ? ` --node-args ${shellWord(nodeArgs)}` : ''}`;
    args.push('--server', cmd);
  } else {
    const cmd =
      `${env} TANDEM_DATA_DIR={dataDir} PORT={port} ` +
      `TANDEM_COLLAB_GUARD=${guard} node ${nodeArgs ? `${nodeArgs} ` : ''}${shellPath(serverEntry)}`;
    args.push('--server', cmd, '--server-persist', cmd);
  }
  return [...args, '--url-template', 'ws://127.0.0.1:{port}/collab/{room}?token=bench', '--dialect', 'y-websocket'];
}

let interruptedBy;
/** The signal (SIGINT/SIGTERM) that interrupted a harness run, if any: the caller should not start another. */
export const interrupted = () => interruptedBy;

/**
 * Runs `node bin/bench.mjs ARGS` in the work copy with inherited output. Resolves with the exit code;
 * SIGINT/SIGTERM received meanwhile are passed on to the harness (which stops its own servers).
 */
export function runHarness({ work, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/bench.mjs', ...args], {
      cwd: work,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const forward = (sig) => {
      interruptedBy = sig;
      try {
        child.kill(sig);
      } catch {
        // already gone
      }
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
    child.on('error', () => resolve(1));
  });
}

/** The newest `<label>-<time>.json` the harness wrote into `dir` (its result file), or undefined. */
export function findResultFile(dir, label) {
  if (!fs.existsSync(dir)) return undefined;
  const pattern = new RegExp(
    `^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.json$`,
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort();
  return files.length ? path.join(dir, files.at(-1)) : undefined;
}
