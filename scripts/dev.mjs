#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` and the Vite dev server, side by side.
// Vite proxies /api, /collab and /healthz to the server (vite.config.ts reads TANDEM_DEV_SERVER_PORT).
// Ctrl+C or SIGTERM stops both; if one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const serverPort = process.env.TANDEM_DEV_SERVER_PORT ?? process.env.PORT ?? '3000';

const children = [
  {
    name: 'server',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', '--tsconfig', 'server/tsconfig.json', 'server/src/main.ts'],
    env: { PORT: serverPort, HOST: process.env.HOST ?? '127.0.0.1' },
  },
  {
    name: 'vite',
    command: bin('vite'),
    args: process.argv.slice(2),
    env: { TANDEM_DEV_SERVER_PORT: serverPort },
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

function stopAll(signal) {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const spec of children) {
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...spec.env },
  });
  running.add(child);
  child.on('error', (error) => {
    process.stderr.write(`dev: could not start ${spec.name}: ${error.message}\n`);
    running.delete(child);
    exitCode = 1;
    stopping = true;
    stopAll('SIGTERM');
    if (running.size === 0) process.exit(exitCode);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      process.stderr.write(`dev: ${spec.name} exited (${signal ?? code}); stopping the rest\n`);
      exitCode = code ?? 1;
      stopping = true;
      stopAll('SIGTERM');
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      stopAll('SIGKILL');
      return;
    }
    stopping = true;
    stopAll(signal);
  });
}
