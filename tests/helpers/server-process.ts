/**
 * The production server as a process of its own (bundled once per test file with esbuild), for tests that
 * really kill it with SIGKILL or SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

const repo = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  collabUrl: string;
  /** The end of what the process printed (its logs), for a failure message. */
  output: () => string;
}

/** How much of a server process's output is kept for failure messages. */
const OUTPUT_KEPT = 16_384;

/** Bundles server/src/main.ts into .ci-out/<name>/main.js and returns its path. */
export async function bundleServer(name: string): Promise<string> {
  const entry = path.join(repo, '.ci-out', name, 'main.js');
  await build({
    entryPoints: [path.join(repo, 'server/src/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(repo, 'server/tsconfig.json'),
    logLevel: 'error',
  });
  return entry;
}

/** Starts the bundle on a free port with `env` over ours; resolves once it listens. */
export async function startServerProcess(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [entry], {
    cwd: repo,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer): void => {
    printed = (printed + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, url, collabUrl: `${url.replace('http', 'ws')}/collab`, output: () => printed };
}

/** Stops the process with `signal` and resolves with its exit code (at once when it already ended). */
export function stopServerProcess(proc: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve(proc.child.exitCode);
  return new Promise((resolve) => {
    proc.child.once('exit', (code) => resolve(code));
    proc.child.kill(signal);
  });
}
