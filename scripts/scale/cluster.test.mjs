import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePorts,
  haproxyConfig,
  haproxyPath,
  parseArgs,
  roundRobin,
  startHaproxy,
  startProxy,
  treeCpuSeconds,
} from './cluster.mjs';

describe('cluster parseArgs', () => {
  it('reads port, instances, entry, node flags and data dir', () => {
    const o = parseArgs(
      [
        '--port',
        '4100',
        '--instances',
        '5',
        '--entry',
        'x/main.js',
        '--node-args',
        '--cpu-prof --max-old-space-size=512',
        '--data',
        'd',
      ],
      {},
    );
    expect(o).toMatchObject({
      port: 4100,
      instances: 5,
      entry: path.resolve('x/main.js'),
      nodeArgs: ['--cpu-prof', '--max-old-space-size=512'],
      data: path.resolve('d'),
    });
  });

  it('defaults to three instances, the port from $PORT and no data dir', () => {
    const o = parseArgs([], { PORT: '4200' });
    expect(o.port).toBe(4200);
    expect(o.instances).toBe(3);
    expect(o.data).toBeUndefined();
    expect(o.entry.endsWith(path.join('dist-server', 'main.js'))).toBe(true);
  });

  it('refuses a missing port, a bad count, a missing value and unknown options', () => {
    expect(() => parseArgs([], {})).toThrow(/--port/);
    expect(() => parseArgs(['--port', '1', '--instances', '0'], {})).toThrow(/--instances/);
    expect(() => parseArgs(['--port', '1', '--instances', '2.5'], {})).toThrow(/--instances/);
    expect(() => parseArgs(['--port'], {})).toThrow(/needs a value/);
    expect(() => parseArgs(['--port', '--instances'], {})).toThrow(/needs a value/);
    expect(() => parseArgs(['--port', '1', '--affinity'], {})).toThrow(/unknown option --affinity/);
  });

  it('accepts --help without a port', () => {
    expect(parseArgs(['--help'], {}).help).toBe(true);
  });
});

describe('roundRobin', () => {
  it('cycles through the targets in order', () => {
    const next = roundRobin(['a', 'b', 'c']);
    expect(Array.from({ length: 7 }, () => next())).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('refuses an empty list', () => {
    expect(() => roundRobin([])).toThrow();
  });
});

/** A tiny server that answers every line with its name and the line (so a reply says who served it). */
function namedServer(name, port = 0) {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('data', (data) => socket.write(`${name}:${data}`));
    // HAProxy's readiness probe and a client that hangs up after the first reply reset the connection.
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ server, port: server.address().port }));
  });
}

/** Connects to the proxy, sends `text` and resolves with the first reply. */
function ask(port, text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.once('data', (reply) => {
      socket.destroy();
      resolve(reply);
    });
    socket.once('error', reject);
  });
}

describe('startProxy', () => {
  const cleanup = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('sends each new connection to the next of two servers and pipes both ways', async () => {
    const a = await namedServer('a');
    const b = await namedServer('b');
    cleanup.push(
      () => new Promise((r) => a.server.close(r)),
      () => new Promise((r) => b.server.close(r)),
    );
    const proxy = await startProxy({
      port: 0,
      pick: roundRobin([
        { host: '127.0.0.1', port: a.port },
        { host: '127.0.0.1', port: b.port },
      ]),
    });
    cleanup.push(() => proxy.close());

    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await ask(proxy.port, `hello ${i}`));
    expect(replies).toEqual(['a:hello 0', 'b:hello 1', 'a:hello 2', 'b:hello 3']);
    expect(proxy.counts.get(a.port)).toBe(2);
    expect(proxy.counts.get(b.port)).toBe(2);
  });

  it('closes the client side when its instance is gone, and close() cuts open connections', async () => {
    const a = await namedServer('a');
    const deadPort = await new Promise((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
    cleanup.push(() => new Promise((r) => a.server.close(r)));
    const errors = [];
    const proxy = await startProxy({
      port: 0,
      pick: roundRobin([
        { host: '127.0.0.1', port: deadPort },
        { host: '127.0.0.1', port: a.port },
      ]),
      onError: (error) => errors.push(error.code),
    });

    const closed = await new Promise((resolve) => {
      const socket = net.connect(proxy.port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => resolve(true));
    });
    expect(closed).toBe(true);
    expect(errors).toEqual(['ECONNREFUSED']);

    // A live pair is cut by close().
    const live = net.connect(proxy.port, '127.0.0.1');
    live.setEncoding('utf8');
    await new Promise((resolve) => {
      live.once('data', resolve);
      live.write('ping');
    });
    const liveClosed = new Promise((resolve) => live.once('close', resolve));
    live.on('error', () => {});
    await proxy.close();
    await liveClosed;
    expect(live.destroyed).toBe(true);
  });
});

describe('startProxy before its instances are ready', () => {
  it('holds early connections with their bytes until ready, then serves them round robin', async () => {
    const a = await namedServer('a');
    let markReady;
    const ready = new Promise((resolve) => {
      markReady = resolve;
    });
    const proxy = await startProxy({
      port: 0,
      ready,
      pick: roundRobin([{ host: '127.0.0.1', port: a.port }]),
    });
    try {
      const reply = ask(proxy.port, 'early');
      let answered = false;
      void reply.then(() => {
        answered = true;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      markReady();
      expect(await reply).toBe('a:early');
    } finally {
      await proxy.close();
      await new Promise((r) => a.server.close(r));
    }
  });

  it('cuts held connections when the start fails', async () => {
    let markFailed;
    const ready = new Promise((_, reject) => {
      markFailed = reject;
    });
    const proxy = await startProxy({ port: 0, ready, pick: () => ({ port: 1 }) });
    try {
      const closed = new Promise((resolve) => {
        const socket = net.connect(proxy.port, '127.0.0.1');
        socket.on('error', () => {});
        socket.on('close', () => resolve(true));
      });
      await new Promise((r) => setTimeout(r, 50));
      markFailed(new Error('no postgres'));
      expect(await closed).toBe(true);
      expect(proxy.counts.size).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});

describe('treeCpuSeconds', () => {
  it('counts at least what this process has used, and 0 for a process that does not exist', () => {
    const start = Date.now();
    while (Date.now() - start < 60); // burn a little CPU
    const own = process.cpuUsage();
    expect(treeCpuSeconds(process.pid)).toBeGreaterThanOrEqual((own.user + own.system) / 1e6 - 0.02);
    expect(treeCpuSeconds(2 ** 22 + 7)).toBe(0);
  });
});

describe.skipIf(!haproxyPath())('startHaproxy', () => {
  it('balances connections round robin, also to an instance that starts listening after it', async () => {
    const a = await namedServer('a');
    const [late, port] = await freePorts(2);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-haproxy-test-'));
    const proxy = await startHaproxy({ dir, port, targets: [a.port, late] });
    let b;
    try {
      // One instance is not listening yet: HAProxy retries its share until it is.
      const asked = ['one', 'two', 'three', 'four'].map((text) => ask(port, text));
      b = await namedServer('b', late);
      const replies = await Promise.all(asked);
      expect(replies.map((r) => r.slice(2)).sort()).toEqual(['four', 'one', 'three', 'two']);
      expect(new Set(replies.map((r) => r[0]))).toEqual(new Set(['a', 'b']));
      const counts = await proxy.counts();
      // Its own readiness probe counts too.
      expect((counts.get(a.port) ?? 0) + (counts.get(late) ?? 0)).toBeGreaterThanOrEqual(4);
      expect(counts.get(late)).toBeGreaterThanOrEqual(2);
    } finally {
      await proxy.close();
      await new Promise((r) => a.server.close(r));
      if (b) await new Promise((r) => b.server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a TCP round-robin configuration with one thread and a retrying connect', () => {
    const text = haproxyConfig({ port: 4100, targets: [5001, 5002], statsSocket: '/tmp/s.sock' });
    expect(text).toContain('bind 127.0.0.1:4100');
    expect(text).toContain('server instance0 127.0.0.1:5001');
    expect(text).toContain('server instance1 127.0.0.1:5002');
    expect(text).toMatch(/mode tcp[\s\S]*balance roundrobin/);
    expect(text).toContain('nbthread 1');
    expect(text).toContain('retries 300');
  });
});
