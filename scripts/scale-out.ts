/**
 * `npm run start:scale`: the scale-out profile on one machine without a container engine (issue 27).
 * Debian's PostgreSQL 15 and redis-server (installed with apt-get when missing and we are root), s3rver for
 * the upload blobs, three Tandem instances on ports 3001-3003 sharing one link secret and admin token, and
 * a round-robin proxy on port 3000 (no affinity; WebSocket upgrades pass through). Everything keeps its data
 * under ./data-scale (TANDEM_SCALE_DIR); Ctrl+C stops everything, the instances first (they drain).
 *
 * Builds the client and the server first when `dist/` or `dist-server/` is missing.
 */
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.resolve(process.env.TANDEM_SCALE_DIR ?? path.join(ROOT, 'data-scale'));
const PROXY_PORT = 3000;
const INSTANCE_PORTS = [3001, 3002, 3003];
const PG_PORT = 5433;
const REDIS_PORT = 6380;
const S3_PORT = 4569;
const PG_BIN = process.env.TANDEM_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const BUCKET = 'tandem';
const S3_KEY = 'S3RVER';

const isRoot = process.getuid?.() === 0;
const say = (line: string): void => void process.stdout.write(`[scale] ${line}\n`);
const hasCommand = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Installs a Debian package when `present()` is false, as the test helpers do (root and apt-get only). */
function ensurePackage(name: string, present: () => boolean): void {
  if (present()) return;
  if (!isRoot || !hasCommand('apt-get')) {
    throw new Error(`${name} is missing: install it (as root: apt-get install -y ${name})`);
  }
  say(`installing ${name} with apt-get`);
  const opts = { stdio: 'inherit' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], opts);
  spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', name], opts);
  if (!present()) throw new Error(`${name} could not be installed`);
}

/** A value kept in `<dir>/<name>` (mode 0600), from the environment when set there, else generated once. */
function keptValue(name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(DIR, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const value = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

async function waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// ---- PostgreSQL: a cluster of its own in data-scale/postgres, kept between runs ----

/** initdb and postgres refuse to run as root: as root they run as the `postgres` user of the package. */
function pgRun(bin: string, args: string[], stdio: 'inherit' | 'ignore' = 'ignore'): void {
  const file = path.join(PG_BIN, bin);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, argv, { stdio: stdio === 'inherit' ? 'inherit' : 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${bin} failed: ${result.stderr || result.stdout || result.status}`);
}

async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  ensurePackage('postgresql-15', () => fs.existsSync(path.join(PG_BIN, 'pg_ctl')));
  const dir = path.join(DIR, 'postgres');
  const data = path.join(dir, 'data');
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    say('creating the PostgreSQL cluster in data-scale/postgres');
    pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
  }
  const options = `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  pgRun('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = (): void => {
    try {
      pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      say(`PostgreSQL did not stop cleanly: ${String(error)}`);
    }
  };
  try {
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres` });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['tandem']);
      if (found.rowCount === 0) await admin.query('CREATE DATABASE tandem');
    } finally {
      await admin.end();
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${PG_PORT}/tandem`, stop };
}

// ---- the processes this script owns ----

const children: Array<{ name: string; child: ChildProcess }> = [];
let stopping = false;

/** Starts a child whose output lines are prefixed with its name; an unexpected exit stops everything. */
function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) stream.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on('data', prefix(process.stdout));
  child.stderr?.on('data', prefix(process.stderr));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`${name} exited (${code ?? signal}): stopping everything`);
    void shutdown(1);
  });
  children.push({ name, child });
  return child;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

// ---- the round-robin proxy ----

/** Plain round robin over the instances, no affinity; a refused connection tries the next instance. */
function startProxy(ports: number[]): http.Server {
  let next = 0;
  const pick = (): number => {
    const port = ports[next % ports.length] ?? ports[0] ?? PROXY_PORT;
    next++;
    return port;
  };
  const forwarded = (req: http.IncomingMessage): http.OutgoingHttpHeaders => {
    const address = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    return {
      ...req.headers,
      'x-forwarded-for': prior ? `${String(prior)}, ${address}` : address,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
  };

  const server = http.createServer((req, res) => {
    // Requests without a body may go to the next instance when one refuses the connection (it is stopping).
    const retryable = req.method === 'GET' || req.method === 'HEAD';
    const attempt = (left: number): void => {
      const upstream = http.request(
        { host: '127.0.0.1', port: pick(), method: req.method, path: req.url, headers: forwarded(req) },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (retryable && left > 1 && error.code === 'ECONNREFUSED' && !res.headersSent) return attempt(left - 1);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway\n');
        else res.destroy();
      });
      if (retryable) upstream.end();
      else req.pipe(upstream);
    };
    attempt(ports.length);
  });

  // WebSocket handshakes: the raw request goes to the next instance, then bytes flow both ways untouched.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const headers = forwarded(req);
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const close = (): void => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
    upstream.on('close', close);
    client.on('close', close);
  });
  return server;
}

// ---- start and stop ----

let stopPostgres: (() => void) | null = null;
let closeS3: (() => Promise<void>) | null = null;
let proxy: http.Server | null = null;

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('stopping');
  proxy?.close();
  proxy?.closeAllConnections();
  // Instances first: they store what is pending and close their sockets with "server shutting down".
  const instances = children.filter((c) => c.name.startsWith('tandem-'));
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.all(instances.map(({ child }) => exited(child)));
  for (const { child } of children) if (!instances.some((i) => i.child === child)) child.kill('SIGTERM');
  await Promise.all(children.map(({ child }) => exited(child)));
  await closeS3?.();
  stopPostgres?.();
  say('stopped');
  process.exit(code);
}

async function main(): Promise<void> {
  // Built once, like the first fresh-machine command; after pulling changes run `npm run build` again.
  if (!['dist-server/main.js', 'dist/client/index.html'].every((f) => fs.existsSync(path.join(ROOT, f)))) {
    say('building the client and the server once (npm run build)');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }
  fs.mkdirSync(DIR, { recursive: true });
  // The PostgreSQL user must reach its directory inside ours.
  fs.chmodSync(DIR, 0o711);
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const secret = keptValue('secret', process.env.TANDEM_SECRET);
  const adminToken = keptValue('admin-token', process.env.TANDEM_ADMIN_TOKEN);

  const postgres = await startPostgres();
  stopPostgres = postgres.stop;
  say(`PostgreSQL 15 on 127.0.0.1:${PG_PORT}`);

  ensurePackage('redis-server', () => hasCommand('redis-server'));
  const redisDir = path.join(DIR, 'redis');
  fs.mkdirSync(redisDir, { recursive: true });
  // The bus only: every update is in PostgreSQL first, so Redis keeps nothing on disk.
  startChild('redis', 'redis-server', [
    ...['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    ...['--dir', redisDir, '--logfile', path.join(redisDir, 'redis.log')],
  ]);
  await waitFor('redis-server', () => portOpen(REDIS_PORT));
  say(`Redis on 127.0.0.1:${REDIS_PORT}`);

  // s3rver ships no types: the little used here.
  type S3rverClass = new (options: {
    port: number;
    address: string;
    silent: boolean;
    directory: string;
    configureBuckets: Array<{ name: string }>;
  }) => { run(): Promise<unknown>; close(): Promise<void> };
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const s3 = new S3rver({
    port: S3_PORT,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(DIR, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  closeS3 = () => s3.close();
  say(`s3rver on 127.0.0.1:${S3_PORT}, bucket ${BUCKET}`);

  const publicUrl = process.env.TANDEM_PUBLIC_URL ?? `http://localhost:${PROXY_PORT}`;
  INSTANCE_PORTS.forEach((port, i) => {
    const dataDir = path.join(DIR, `instance-${i + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    startChild(`tandem-${i + 1}`, process.execPath, ['dist-server/main.js'], {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Only the staging directory of uploads in flight lives here.
      TANDEM_DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      TANDEM_S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
      TANDEM_S3_BUCKET: BUCKET,
      TANDEM_S3_REGION: 'us-east-1',
      TANDEM_S3_ACCESS_KEY_ID: S3_KEY,
      TANDEM_S3_SECRET_ACCESS_KEY: S3_KEY,
      TANDEM_S3_FORCE_PATH_STYLE: 'on',
      TANDEM_SECRET: secret,
      TANDEM_ADMIN_TOKEN: adminToken,
      // Links point at the proxy, not at the instance that answered.
      TANDEM_PUBLIC_URL: publicUrl,
      // The proxy is the one hop in front, on loopback: rate limits key on the address it forwards.
      TANDEM_TRUST_PROXY: 'loopback',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
  });
  for (const port of INSTANCE_PORTS) {
    await waitFor(`the instance on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);
  }

  proxy = startProxy(INSTANCE_PORTS);
  await new Promise<void>((resolve, reject) => {
    proxy?.once('error', reject);
    proxy?.listen(PROXY_PORT, process.env.HOST ?? '0.0.0.0', () => resolve());
  });
  say(`Tandem: ${publicUrl} (round robin over ${INSTANCE_PORTS.join(', ')}; each answers /readyz and /metrics)`);
  const where = (name: string, env: string): string => (process.env[env] ? env : path.join(DIR, name));
  say(
    `admin token in ${where('admin-token', 'TANDEM_ADMIN_TOKEN')}, link secret in ${where('secret', 'TANDEM_SECRET')}`,
  );
  say('Ctrl+C stops everything');
}

main().catch((error: unknown) => {
  process.stderr.write(`[scale] ${error instanceof Error ? error.message : String(error)}\n`);
  void shutdown(1);
});
