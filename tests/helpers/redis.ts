/**
 * A throwaway Redis for tests, from Debian's `redis-server` (installed with apt-get when missing and we
 * are root, like PostgreSQL and Chromium): one server per caller, on a free loopback port, no persistence,
 * its files in a temp dir that `stop()` removes. Tests may also stop and start it again on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';
import os from 'node:os';
import path from 'node:path';

const BINARY = process.env.TANDEM_REDIS_SERVER ?? 'redis-server';
const hasBinary = (): boolean => spawnSync('sh', ['-c', `command -v ${BINARY}`]).status === 0;

let availability: string | null | undefined;

/** Null when a Redis can be started; otherwise why not and what to install (tests skip with it). */
export function redisUnavailable(): string | null {
  if (availability !== undefined) return availability;
  if (!hasBinary() && process.getuid?.() === 0 && !process.env.TANDEM_REDIS_SERVER) {
    const opts = { stdio: 'ignore' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], opts);
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', 'redis-server'], opts);
  }
  availability = hasBinary()
    ? null
    : 'redis-server not found: install it (as root: apt-get install -y redis-server) or set TANDEM_REDIS_SERVER';
  return availability;
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${fs.readFileSync(log, 'utf8').slice(-500)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: what a crash or a cut link looks like to the clients). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (as after a restart without persistence). */
  restart(): Promise<void>;
  /** Stops it for good and removes its files. */
  stop(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const why = redisUnavailable();
  if (why) throw new Error(why);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-redis-'));
  const port = await freePort();
  const log = path.join(dir, 'redis.log');
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn(BINARY, [...args, '--dir', dir, '--logfile', log], { stdio: 'ignore' });
    await waitForPort(port, child, log);
  };
  const kill = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
