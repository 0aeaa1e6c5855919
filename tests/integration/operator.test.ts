import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryUntil } from '../helpers/retry-until';
import { startServer } from '../helpers/start-server';

const root = path.resolve(__dirname, '../..');

/** A built client in a temp dir: an index.html, a script and its source map. */
function fakeBuiltClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tandem</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  return dir;
}

describe('source maps', () => {
  it('are not served unless TANDEM_PUBLIC_SOURCEMAPS=on', async () => {
    const client = fakeBuiltClient();
    const closed = await startServer({ TANDEM_CLIENT_DIR: client });
    const open = await startServer({ TANDEM_CLIENT_DIR: client, TANDEM_PUBLIC_SOURCEMAPS: 'on' });
    try {
      expect((await fetch(`${closed.url}/assets/index-abc.js`)).status).toBe(200);
      const hidden = await fetch(`${closed.url}/assets/index-abc.js.map`);
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).not.toContain('secret-source');
      const shown = await fetch(`${open.url}/assets/index-abc.js.map`);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('secret-source');
    } finally {
      await closed.close();
      await open.close();
      fs.rmSync(client, { recursive: true, force: true });
    }
  });
});

describe('npm start', () => {
  let dir: string;
  beforeAll(async () => {
    // The real package.json start script, run by npm, on a server built from this checkout.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-start-'));
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'tandem-start-test',
        private: true,
        type: 'module',
        scripts: { start: pkg.scripts.start },
      }),
    );
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    await new Promise<void>((resolve, reject) => {
      const build = spawn(process.execPath, ['scripts/build-server.mjs'], {
        cwd: root,
        env: { ...process.env, TANDEM_SERVER_OUT: path.join(dir, 'dist-server', 'main.js') },
        stdio: 'inherit',
      });
      build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
    });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('logs where it listens, its data directory and the secret, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = path.join(dir, 'data');
    const child = spawn('npm', ['start', '--silent'], {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TANDEM_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await retryUntil(() => expect(out).toContain('Tandem listening at'), 20_000);
    const line = out.split('\n').find((l) => l.includes('Tandem listening at')) ?? '';
    const record = JSON.parse(line) as {
      address: string;
      dataDir: string;
      secret: string;
      instance: string;
      msg: string;
    };
    expect(record.dataDir).toBe(dataDir);
    // The instance id names this process among several (leases, its temporary upload directory).
    expect(record.instance).toMatch(/^[\w-]{12}$/);
    expect(record.msg).toContain(record.instance);
    expect(record.secret).toBe('generated');
    expect(record.msg).toContain(dataDir);
    expect(record.msg).toContain('generated');
    const health = await fetch(`${record.address}/healthz`);
    expect(health.status).toBe(200);

    // A supervisor signals the process it started: npm. The server must get it and close cleanly.
    child.kill('SIGTERM');
    await exited;
    await retryUntil(() => expect(out).toContain('"signal":"SIGTERM"'));
    await retryUntil(async () => {
      await expect(fetch(`${record.address}/healthz`)).rejects.toThrow();
    });
  }, 60_000);
});
