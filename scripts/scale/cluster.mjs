#!/usr/bin/env node
// A throwaway scale-out deployment in one foreground process tree: PostgreSQL 15 (the `postgres` binary
// as a direct child, not daemonized by pg_ctl), redis-server, N Tandem instances (dist-server/main.js) on
// free ports, and a round-robin TCP load balancer on --port (every new connection goes to the next instance,
// no affinity, so a room's clients spread over all of them): HAProxy when installed (what an operator
// runs), else a Node proxy in this process. SIGTERM/SIGINT stop everything and remove the
// temporary directories. Used by `npm run bench:collab -- --instances N` as the harness's server command,
// whose CPU/RSS accounting sums /proc over this process tree (so it includes PostgreSQL, Redis and the proxy).
//
//   node scripts/scale/cluster.mjs --port 8080 --instances 3 [--entry dist-server/main.js] [--data DIR]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const HELP = `node scripts/scale/cluster.mjs --port P [options]

Starts PostgreSQL 15, Redis and N Tandem instances, and a round-robin TCP proxy on 127.0.0.1:P in front of
them; runs in the foreground until SIGTERM/SIGINT, then stops everything and removes its temp dirs.
The instances inherit this process's environment (e.g. TANDEM_ADMIN_TOKEN, LOG_LEVEL, TANDEM_COLLAB_GUARD),
plus DATABASE_URL, REDIS_URL, TANDEM_SECRET (shared), TANDEM_DATA_DIR (one each), PORT and HOST=127.0.0.1.

  --port P            proxy port (default $PORT; required)
  --instances N       Tandem instances (default 3)
  --entry FILE        server build (default dist-server/main.js)
  --node-args ARGS    node flags for every instance, e.g. '--cpu-prof'
  --data DIR          keep PostgreSQL and the instances' data in DIR (reused on the next start, not removed);
                      default: a temp dir, removed at the end
  --balancer B        haproxy (Debian's, TCP mode, one thread) or node (a proxy in this process, which
                      costs several times HAProxy's CPU); default $TANDEM_BALANCER, else haproxy when
                      installed (apt-get install haproxy), else node
  --pg-bin DIR        PostgreSQL binaries (default $TANDEM_PG_BIN or /usr/lib/postgresql/15/bin)
  --redis-server CMD  (default $TANDEM_REDIS_SERVER or redis-server)
  --help`;

/** Parses the CLI; throws on unknown options or bad values. */
export function parseArgs(argv, env = process.env) {
  const o = {
    port: env.PORT ? Number(env.PORT) : undefined,
    instances: 3,
    entry: path.join(repo, 'dist-server', 'main.js'),
    nodeArgs: [],
    data: undefined,
    pgBin: env.TANDEM_PG_BIN || '/usr/lib/postgresql/15/bin',
    redisServer: env.TANDEM_REDIS_SERVER || 'redis-server',
    balancer: env.TANDEM_BALANCER || (haproxyPath() ? 'haproxy' : 'node'),
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || (v.startsWith('--') && a !== '--node-args')) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--port') o.port = Number(value());
    else if (a === '--instances') o.instances = Number(value());
    else if (a === '--entry') o.entry = path.resolve(value());
    else if (a === '--node-args') o.nodeArgs = value().split(/\s+/).filter(Boolean);
    else if (a === '--data') o.data = path.resolve(value());
    else if (a === '--pg-bin') o.pgBin = value();
    else if (a === '--redis-server') o.redisServer = value();
    else if (a === '--balancer') o.balancer = value();
    else throw new Error(`unknown option ${a} (see --help)`);
  }
  if (o.help) return o;
  if (!Number.isInteger(o.port) || o.port < 1 || o.port > 65_535) throw new Error('--port must be 1..65535');
  if (!Number.isInteger(o.instances) || o.instances < 1 || o.instances > 16) {
    throw new Error('--instances must be 1..16');
  }
  if (o.balancer !== 'haproxy' && o.balancer !== 'node') throw new Error('--balancer must be haproxy or node');
  return o;
}

/** Cycles through `targets`: each call returns the next one. */
export function roundRobin(targets) {
  if (!targets.length) throw new Error('roundRobin: no targets');
  let next = 0;
  return () => {
    const t = targets[next];
    next = (next + 1) % targets.length;
    return t;
  };
}

/**
 * A TCP proxy on host:port; each accepted connection is piped to `pick()` ({ host, port }), both sides
 * with Nagle off (WebSocket frames are small). Resolves once listening; `close()` stops accepting and cuts
 * every open pair. `counts` holds connections per target port. `ready`: a promise; connections accepted
 * before it resolves wait for it (their bytes stay buffered) and are cut if it rejects.
 */
export function startProxy({ port, host = '127.0.0.1', pick, onError = () => {}, ready = Promise.resolve() }) {
  const open = new Set();
  const counts = new Map();
  let isReady = false;
  const gate = ready.then(
    () => {
      isReady = true;
      return true;
    },
    () => false,
  );
  const server = net.createServer((client) => {
    if (isReady) return connect(client);
    client.pause();
    open.add(client);
    client.on('error', () => client.destroy());
    gate.then((ok) => {
      open.delete(client);
      if (ok && !client.destroyed) connect(client);
      else client.destroy();
    });
  });
  const connect = (client) => {
    const target = pick();
    counts.set(target.port, (counts.get(target.port) ?? 0) + 1);
    const upstream = net.connect({ host: target.host ?? '127.0.0.1', port: target.port });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    open.add(client);
    open.add(upstream);
    const end = (error) => {
      if (error && error.code !== 'ECONNRESET' && error.code !== 'EPIPE') onError(error, target);
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', () => end());
    upstream.on('close', () => end());
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        counts,
        close: () =>
          new Promise((done) => {
            for (const s of open) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** HAProxy's binary, or null when it is not installed. */
export function haproxyPath() {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    const file = path.join(dir || '.', 'haproxy');
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * HAProxy's configuration: TCP mode, round robin over `targets` (ports on 127.0.0.1), one thread. A
 * connection to an instance not listening yet is retried every 200 ms for a minute, so the port can open
 * before the instances are up (the harness gives a server command 20 s).
 */
export function haproxyConfig({ port, targets, statsSocket }) {
  return [
    'global',
    '  nbthread 1',
    '  maxconn 7000',
    `  stats socket ${statsSocket} mode 600 level user`,
    'defaults',
    '  mode tcp',
    '  timeout connect 200ms',
    '  timeout client 1h',
    '  timeout server 1h',
    '  retries 300',
    // The kernel moves the bytes between the two sockets (no copy through HAProxy's buffers).
    '  option splice-auto',
    'listen tandem',
    `  bind 127.0.0.1:${port}`,
    '  balance roundrobin',
    ...targets.map((t, i) => `  server instance${i} 127.0.0.1:${t}`),
    '',
  ].join('\n');
}

/** Connections HAProxy sent to each server so far (its stats socket's `stot`), by port. */
async function haproxyCounts(statsSocket, targets) {
  const csv = await new Promise((resolve) => {
    let out = '';
    const socket = net.connect(statsSocket, () => socket.end('show stat\n'));
    socket.on('data', (d) => (out += d));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(''));
  });
  const [head, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const cols = (head ?? '').split(',');
  const counts = new Map();
  for (const row of rows) {
    const f = row.split(',');
    const server = /^instance(\d+)$/.exec(f[cols.indexOf('svname')] ?? '');
    const port = server ? targets[Number(server[1])] : undefined;
    if (port !== undefined) counts.set(port, Number(f[cols.indexOf('stot')]));
  }
  return counts;
}

/** HAProxy in the foreground (our child, so its CPU counts in our tree) on 127.0.0.1:port. */
export async function startHaproxy({ dir, port, targets }) {
  const bin = haproxyPath();
  if (!bin) throw new Error('haproxy not found: apt-get install -y haproxy, or pass --balancer node');
  fs.mkdirSync(dir, { recursive: true });
  const statsSocket = path.join(dir, 'stats.sock');
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig({ port, targets, statsSocket }));
  const log = path.join(dir, 'haproxy.log');
  const out = fs.openSync(log, 'a');
  const child = spawn(bin, ['-db', '-f', config], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const proc = track(child, 'haproxy');
  try {
    await waitForPort(port, {
      failed: () => (proc.exited ? `haproxy exited (${proc.exit}): ${tail(log)}` : undefined),
    });
  } catch (error) {
    await proc.stop('SIGKILL');
    throw error;
  }
  return { port, proc, counts: () => haproxyCounts(statsSocket, targets), close: () => proc.stop('SIGTERM', 2000) };
}

/** `n` distinct free ports. */
export async function freePorts(n) {
  const ports = new Set();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(address.port));
    });
  });
}

/** Resolves when 127.0.0.1:port accepts a connection; rejects when `failed()` says why not or on timeout. */
export async function waitForPort(port, { timeoutMs = 30_000, failed = () => undefined } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * CPU seconds of a process and its descendants, live ones read now plus the ended ones it reaped
 * (cutime/cstime): PostgreSQL's ended backends count in the postmaster's.
 */
export function treeCpuSeconds(pid, ticksPerSecond = 100) {
  const stat = (p) => {
    try {
      const s = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
    } catch {
      return undefined;
    }
  };
  const all = new Map();
  for (const name of fs.readdirSync('/proc')) if (/^\d+$/.test(name)) all.set(Number(name), stat(name));
  let ticks = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    const st = all.get(p);
    if (!st) continue;
    ticks += st.own + st.reaped;
    for (const [child, cst] of all) if (cst?.ppid === p) stack.push(child);
  }
  return ticks / ticksPerSecond;
}

const tail = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-800) : '');

/** A child of ours with its exit recorded, and a stop that signals it and waits (SIGKILL after graceMs). */
function track(child, name) {
  const proc = { child, name, exited: false, exit: undefined };
  proc.done = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      proc.exited = true;
      proc.exit = signal ?? code;
      resolve();
    });
    child.once('error', (error) => {
      proc.exited = true;
      proc.exit = error.message;
      resolve();
    });
  });
  proc.stop = async (signal = 'SIGTERM', graceMs = 2500) => {
    if (proc.exited) return;
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
    const timer = new Promise((r) => setTimeout(r, graceMs));
    await Promise.race([proc.done, timer]);
    if (!proc.exited) {
      child.kill('SIGKILL');
      await proc.done;
    }
  };
  return proc;
}

/** uid/gid of the unprivileged user PostgreSQL runs as when we are root (it refuses root); null otherwise. */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'tandem-pg']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (r.status === 0) {
      const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim();
      return { name, uid: Number(r.stdout.trim()), gid: Number(gid) };
    }
  }
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'tandem-pg']);
  return postgresUser();
}

/**
 * A fresh initdb (trust auth, C locale) cached in the temp dir per binary directory and user, made once
 * (atomically: built beside, then renamed); returns its data directory, which callers copy with `cp -a`.
 */
export function ensurePostgresTemplate({ pgBin }) {
  const user = postgresUser();
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const tag = `${path.resolve(pgBin).replace(/[^A-Za-z0-9]+/g, '_')}-${user?.name ?? process.getuid?.() ?? 'me'}`;
  const base = path.join(os.tmpdir(), `tandem-pg-template-${tag}`);
  const data = path.join(base, 'data');
  if (fs.existsSync(path.join(data, 'PG_VERSION'))) return data;
  fs.mkdirSync(base, { recursive: true, mode: 0o711 });
  if (user) fs.chownSync(base, user.uid, user.gid);
  const building = path.join(base, `building-${process.pid}`);
  fs.rmSync(building, { recursive: true, force: true });
  const r = spawnSync(
    path.join(pgBin, 'initdb'),
    ['-D', building, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { cwd: base, encoding: 'utf8', ...as },
  );
  if (r.status !== 0) throw new Error(`initdb failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  try {
    fs.renameSync(building, data);
  } catch (error) {
    // Another launcher made it first.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(data, 'PG_VERSION'))) throw error;
  }
  return data;
}

/**
 * PostgreSQL in `dir` (initdb on first use, trust auth, no fsync: a throwaway cluster), with the `postgres`
 * server as our direct child so that it and its backends stay in our process tree.
 */
export async function startPostgres({ dir, pgBin }) {
  for (const b of ['initdb', 'postgres']) {
    if (!fs.existsSync(path.join(pgBin, b))) {
      throw new Error(`${path.join(pgBin, b)} not found: apt-get install -y postgresql-15 or pass --pg-bin`);
    }
  }
  const user = postgresUser();
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  fs.mkdirSync(dir, { recursive: true });
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    // A copy of a cached initdb: initdb takes seconds on a busy machine, and the harness gives a server
    // command 20 s to open its port.
    const template = ensurePostgresTemplate({ pgBin });
    execFileSync('cp', ['-a', template, data]);
  }
  // A SIGKILLed earlier run (the harness's restart scenario) leaves its pid file; no process holds it now.
  fs.rmSync(path.join(data, 'postmaster.pid'), { force: true });
  const log = path.join(dir, 'server.log');
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const out = fs.openSync(log, 'a');
    const child = spawn(
      path.join(pgBin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=300',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
      { cwd: dir, stdio: ['ignore', out, out], ...as },
    );
    fs.closeSync(out);
    const proc = track(child, 'postgres');
    try {
      await waitForPort(port, {
        timeoutMs: 60_000,
        failed: () => (proc.exited ? `postgres exited (${proc.exit}): ${tail(log)}` : undefined),
      });
      await waitForQueries(pgBin, port, as, proc);
      // SIGINT: fast shutdown (ends sessions, checkpoints); SIGTERM would wait for every client to leave.
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, proc, stop: () => proc.stop('SIGINT', 3000) };
    } catch (error) {
      await proc.stop('SIGKILL');
      // Another process took the port between our probe and the bind: try another.
      if (attempt >= 3) throw error;
    }
  }
}

/** The port opens before recovery ends ("the database system is starting up"): wait for a real answer. */
async function waitForQueries(pgBin, port, as, proc) {
  const isReady = path.join(pgBin, 'pg_isready');
  if (!fs.existsSync(isReady)) return;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !proc.exited) {
    const r = spawnSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-q'], { ...as });
    if (r.status === 0) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`postgres on ${port} did not become ready`);
}

/** redis-server on a free loopback port, no persistence, its files in `dir`. */
export async function startRedis({ dir, redisServer }) {
  fs.mkdirSync(dir, { recursive: true });
  const log = path.join(dir, 'redis.log');
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn(redisServer, [...args, '--dir', dir, '--logfile', log], { stdio: 'ignore' });
    const proc = track(child, 'redis-server');
    try {
      await waitForPort(port, {
        failed: () => (proc.exited ? `redis-server exited (${proc.exit}): ${tail(log)}` : undefined),
      });
      return { url: `redis://127.0.0.1:${port}`, proc, stop: () => proc.stop('SIGTERM', 2000) };
    } catch (error) {
      await proc.stop('SIGKILL');
      if (attempt >= 3) throw error;
    }
  }
}

/** One Tandem instance on a free port; its stdout/stderr go to ours (the harness's server log). */
export async function startInstance({ index, entry, nodeArgs = [], env, dataDir, port: wanted }) {
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const port = attempt === 0 && wanted ? wanted : await freePort();
    const child = spawn(process.execPath, [...nodeArgs, entry], {
      cwd: dataDir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', TANDEM_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const proc = track(child, `instance ${index}`);
    try {
      await waitForPort(port, { failed: () => (proc.exited ? `instance ${index} exited (${proc.exit})` : undefined) });
      return { index, port, proc, stop: () => proc.stop('SIGTERM', 2500) };
    } catch (error) {
      await proc.stop('SIGKILL');
      if (attempt >= 2) throw error;
    }
  }
}

/**
 * Starts the whole deployment; resolves with { port, instances, stop } once the proxy listens (so a caller
 * that waits for the port sees every instance ready). `onUnexpectedExit(name, exit)`: a child died on its own.
 */
export async function startCluster(opt, { env = process.env, log = () => {}, onUnexpectedExit = () => {} } = {}) {
  const t0 = performance.now();
  const keep = Boolean(opt.data);
  const root = opt.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-cluster-'));
  fs.mkdirSync(root, { recursive: true });
  // PostgreSQL's user (not us, when we are root) must reach its directory inside.
  fs.chmodSync(root, 0o711);
  const parts = [];
  let stopping = false;
  const watch = (proc) => {
    proc.done.then(() => {
      if (!stopping) onUnexpectedExit(proc.name, proc.exit);
    });
  };
  let proxy;
  let next = () => {
    throw new Error('no instance yet');
  };
  let markReady;
  let markFailed;
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {});
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await proxy?.close();
    // Instances first (they flush to PostgreSQL), then the engines.
    await Promise.all(parts.filter((p) => p.kind === 'instance').map((p) => p.stop()));
    await Promise.all(parts.filter((p) => p.kind !== 'instance').map((p) => p.stop()));
    if (!keep) fs.rmSync(root, { recursive: true, force: true });
  };
  const planned = await freePorts(opt.instances);
  try {
    // The port opens at once (the harness gives a server command 20 s, and three instances on a busy
    // 2-core machine can take longer); connections made before every instance is ready wait for it.
    if (opt.balancer === 'haproxy') {
      proxy = await startHaproxy({ dir: path.join(root, 'haproxy'), port: opt.port, targets: planned });
    } else {
      const own = await startProxy({
        port: opt.port,
        ready,
        pick: () => next(),
        onError: (error, target) => log(`proxy: ${error.code ?? error.message} to port ${target.port}`),
      });
      proxy = { ...own, counts: async () => own.counts };
    }
    const engines = await Promise.allSettled([
      startPostgres({ dir: path.join(root, 'pg'), pgBin: opt.pgBin }),
      startRedis({ dir: path.join(root, 'redis'), redisServer: opt.redisServer }),
    ]);
    for (const [i, r] of engines.entries()) {
      if (r.status !== 'fulfilled') continue;
      parts.push({ kind: i === 0 ? 'postgres' : 'redis', ...r.value });
      watch(r.value.proc);
    }
    const engineFailed = engines.find((r) => r.status === 'rejected');
    if (engineFailed) throw engineFailed.reason;
    const [pg, redis] = engines.map((r) => r.value);
    log(`postgres ${pg.url.replace(/\/postgres$/, '')}, redis ${redis.url}`);
    const instanceEnv = {
      ...env,
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      TANDEM_SECRET: env.TANDEM_SECRET || randomBytes(24).toString('hex'),
    };
    // Side by side: the migrations take an advisory lock (server/src/infra/storage/pg-migrations.ts).
    const start = (index) =>
      startInstance({
        index,
        entry: opt.entry,
        nodeArgs: opt.nodeArgs,
        env: instanceEnv,
        dataDir: path.join(root, `instance-${index}`),
        port: planned[index],
      });
    const instances = [];
    const rest = await Promise.allSettled(Array.from({ length: opt.instances }, (_, i) => start(i)));
    for (const r of rest) {
      if (r.status === 'fulfilled') {
        instances.push(r.value);
        parts.push({ kind: 'instance', ...r.value });
        watch(r.value.proc);
      }
    }
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    log(`instances on ports ${instances.map((i) => i.port).join(', ')}`);
    next = roundRobin(instances.map((i) => ({ host: '127.0.0.1', port: i.port })));
    if (opt.balancer === 'haproxy' && instances.some((i, n) => i.port !== planned[n])) {
      // An instance had to take another port: HAProxy starts again with the real ones.
      await proxy.close();
      proxy = await startHaproxy({
        dir: path.join(root, 'haproxy'),
        port: opt.port,
        targets: instances.map((i) => i.port),
      });
    }
    markReady();
    log(
      `round-robin ${opt.balancer === 'haproxy' ? 'HAProxy' : 'Node proxy'} on 127.0.0.1:${proxy.port}, ` +
        `ready after ${Math.round(performance.now() - t0)} ms`,
    );
    return { port: proxy.port, root, instances, proxy, postgres: pg, redis, stop };
  } catch (error) {
    markFailed(error);
    await stop();
    throw error;
  }
}

async function main() {
  let opt;
  try {
    opt = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`cluster: ${error.message}\n`);
    return 2;
  }
  if (opt.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const log = (msg) => process.stderr.write(`[cluster] ${msg}\n`);
  let cluster;
  let code = 0;
  let stopRequested;
  const stopped = new Promise((resolve) => {
    stopRequested = resolve;
  });
  for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => stopRequested(sig));
  const startup = startCluster(opt, {
    log,
    onUnexpectedExit: (name, exit) => {
      log(`${name} exited on its own (${exit}): stopping everything`);
      code = 1;
      stopRequested('child exit');
    },
  });
  const first = await Promise.race([
    startup.then(
      (c) => ({ c }),
      (e) => ({ e }),
    ),
    stopped.then((s) => ({ s })),
  ]);
  if (first.e) {
    log(`start failed: ${first.e.message}`);
    return 1;
  }
  if (first.s) {
    // Stopped while starting: let the start finish, then tear it down.
    cluster = await startup.catch(() => undefined);
    await cluster?.stop();
    return 130;
  }
  cluster = first.c;
  // A harness stops the whole process tree at once: HAProxy may be gone when we ask at the end.
  let seen = new Map();
  const polling = setInterval(() => {
    cluster.proxy.counts().then((c) => {
      if (c.size > 0) seen = c;
    });
  }, 1_000);
  const reason = await stopped;
  clearInterval(polling);
  const final = await cluster.proxy.counts();
  const counts = [...(final.size > 0 ? final : seen).entries()].map(([port, n]) => `${port}: ${n}`).join(', ');
  const cpu = process.cpuUsage();
  const parts = [
    ...cluster.instances.map((i) => [`instance ${i.index}`, i.proc.child.pid]),
    ['postgres', cluster.postgres.proc.child.pid],
    ['redis', cluster.redis.proc.child.pid],
    ...(cluster.proxy.proc ? [['haproxy', cluster.proxy.proc.child.pid]] : []),
  ].map(([name, pid]) => `${name} ${treeCpuSeconds(pid).toFixed(2)}`);
  log(
    `stopping (${reason}); proxy connections per instance port: ${counts || 'none'}; CPU s since start: ` +
      `launcher${cluster.proxy.proc ? '' : '+proxy'} ${((cpu.user + cpu.system) / 1e6).toFixed(2)}, ${parts.join(', ')}`,
  );
  await cluster.stop();
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`[cluster] ${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
