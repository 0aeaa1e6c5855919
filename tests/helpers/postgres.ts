/**
 * A throwaway PostgreSQL for tests, from Debian's binaries (postgresql-15): initdb into a temp dir, a server
 * on a free loopback port with its socket in that dir, one database per caller, everything removed at the
 * end. One cluster serves a whole Vitest run (postgres-global-setup.ts); a file run without it starts its own.
 *
 * initdb and postgres refuse to run as root: as root they run as the `postgres` system user (created when
 * missing), and when the binaries are missing, root installs `postgresql-15` with apt-get (like Chromium
 * for the end-to-end tests).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './free-port';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared PostgreSQL lives once a test asks for it (postgres-global-setup.ts). */
    tandemPostgresDir: string;
  }
}

const PACKAGE = 'postgresql-15';
const DEFAULT_BIN = '/usr/lib/postgresql/15/bin';
const binDir = (): string => process.env.TANDEM_PG_BIN ?? DEFAULT_BIN;
const isRoot = (): boolean => process.getuid?.() === 0;
const hasBinaries = (): boolean => ['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(binDir(), b)));
const hasCommand = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

let availability: string | null | undefined;

/**
 * Null when a PostgreSQL can be started (installing the Debian package first when root and missing);
 * otherwise why not, with what to install: tests skip with that message.
 */
export function postgresUnavailable(): string | null {
  if (availability !== undefined) return availability;
  if (!hasBinaries() && isRoot() && hasCommand('apt-get') && !process.env.TANDEM_PG_BIN) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const opts = { stdio: 'ignore' as const, env };
    // Another test worker may hold the dpkg lock at the same moment: wait for it.
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], opts);
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', PACKAGE], opts);
  }
  availability = hasBinaries()
    ? null
    : `PostgreSQL 15 not found in ${binDir()}: install it (as root: apt-get install -y ${PACKAGE}) ` +
      'or set TANDEM_PG_BIN to the directory holding initdb, pg_ctl and postgres';
  return availability;
}

/** The unprivileged user the server runs as when we are root (null: run as ourselves). */
function serverUser(): string | null {
  if (!isRoot()) return null;
  for (const name of ['postgres', 'tandem-pg']) {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return name;
  }
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'tandem-pg']);
  return 'tandem-pg';
}

function run(user: string | null, bin: string, args: string[]): void {
  const file = path.join(binDir(), bin);
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  }
}

export interface PostgresCluster {
  /** `postgres://` URL of the cluster's maintenance database (connect to create others). */
  adminUrl: string;
  dir: string;
}

const urlFor = (port: number, database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`;

/** Starts a fresh cluster in `dir` (created; must be empty or missing). */
export async function startPostgres(dir: string): Promise<PostgresCluster> {
  const why = postgresUnavailable();
  if (why) throw new Error(why);
  const user = serverUser();
  fs.mkdirSync(dir, { recursive: true });
  const data = path.join(dir, 'data');
  if (user) execFileSync('chown', [user, dir]);
  // Trust on loopback and the private socket, no fsync: the cluster lives only for this run (a process
  // killed mid-test loses nothing without fsync; only an OS crash would).
  run(user, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
    try {
      run(user, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      return { adminUrl: urlFor(port, 'postgres'), dir };
    } catch (error) {
      // Another process took the port between our probe and the server's bind: try another.
      if (attempt >= 3) throw error;
    }
  }
}

/** Stops the cluster at once (as a crash or a lost network would look to its clients); `resumePostgres` starts it again. */
export function pausePostgres(cluster: PostgresCluster): void {
  run(serverUser(), 'pg_ctl', ['-D', path.join(cluster.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
}

/** Starts a paused cluster again on its port. */
export function resumePostgres(cluster: PostgresCluster): void {
  const port = new URL(cluster.adminUrl).port;
  const options = `-p ${port} -k ${cluster.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const data = path.join(cluster.dir, 'data');
  run(serverUser(), 'pg_ctl', [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(cluster.dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

/** Stops the cluster in `dir` (if it runs) and removes the directory. */
export function stopPostgres(dir: string): void {
  const data = path.join(dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      run(serverUser(), 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone: nothing to stop.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Creates a fresh database in the cluster and returns its URL. */
export async function createDatabase(cluster: PostgresCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The run's shared cluster, started by whichever test file asks first (the others wait for it): the
 * global setup gives every worker the same directory and stops the cluster at the end. `ownDir`: a
 * directory this process made because no global setup ran; the caller stops it (stopOwnPostgres).
 */
async function sharedCluster(runDir: string): Promise<PostgresCluster> {
  const info = path.join(runDir, 'cluster.json');
  const failed = path.join(runDir, 'cluster.error');
  let starter = false;
  try {
    fs.writeFileSync(path.join(runDir, 'starting'), String(process.pid), { flag: 'wx' });
    starter = true;
  } catch {
    // Someone else is starting it.
  }
  if (starter) {
    try {
      const cluster = await startPostgres(path.join(runDir, 'pg'));
      fs.writeFileSync(info, JSON.stringify(cluster));
      return cluster;
    } catch (error) {
      fs.writeFileSync(failed, String(error));
      throw error;
    }
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (fs.existsSync(info)) return JSON.parse(fs.readFileSync(info, 'utf8')) as PostgresCluster;
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
    if (Date.now() > deadline) throw new Error('timed out waiting for the shared test PostgreSQL');
    await sleep(50);
  }
}

let own: Promise<PostgresCluster> | undefined;

/**
 * A fresh database (its URL) in the run's PostgreSQL. `runDir`: the global setup's directory
 * (`inject('tandemPostgresDir')`); without it this process starts a cluster of its own, which
 * `stopOwnPostgres` removes.
 */
export async function freshDatabase(runDir: string | undefined): Promise<string> {
  let cluster: PostgresCluster;
  if (runDir) cluster = await sharedCluster(runDir);
  else {
    own ??= startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-pg-')));
    cluster = await own;
  }
  return createDatabase(
    cluster,
    `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
  );
}

/** The cluster this process started (`freshDatabase` without a run dir), for tests that stop and start it. */
export async function ownPostgres(): Promise<PostgresCluster> {
  if (!own) throw new Error('no PostgreSQL of our own yet (call freshDatabase first)');
  return own;
}

export async function stopOwnPostgres(): Promise<void> {
  if (!own) return;
  const cluster = await own.catch(() => undefined);
  own = undefined;
  if (cluster) stopPostgres(cluster.dir);
}

/** The global setup's part: where the run's shared cluster goes, and its stop. */
export function sharedRunDir(): { dir: string; stop: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-pg-run-'));
  // The server's user (not us, when we are root) must reach the cluster directory inside.
  fs.chmodSync(dir, 0o711);
  return {
    dir,
    stop: () => {
      const pgDir = path.join(dir, 'pg');
      if (fs.existsSync(pgDir)) stopPostgres(pgDir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
