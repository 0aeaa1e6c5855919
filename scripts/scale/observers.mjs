#!/usr/bin/env node
// `npm run bench:observers`: issue 27's observer figure (yhub's published multi-instance case: 1,500
// observers of one document on 3 servers). One writer types into a paragraph at a fixed rate; N observers
// (lite raw y-websocket clients: they decode the ids of what they receive, apply nothing, send no presence)
// receive every edit. Measured per target, one after the other in one sitting: delivery latency of every
// edit to every observer (p50/p95/p99/max), edits an observer never got, and the CPU of the server's whole
// process tree (for tandem-x3: instances, PostgreSQL, Redis and HAProxy) over the typing window.
// The observers run in worker threads of this process; the writer runs on the main thread.
//
//   npm run bench:observers -- [--observers 1500] [--writers 1] [--rate 10] [--seconds 20] [--quick]
//                              [--only tandem,tandem-x3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { freePort, haproxyPath, startHaproxy, treeCpuSeconds, waitForPort } from './cluster.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const harnessLib = path.join(repo, 'bench-results', 'collab-harness', 'lib', 'client.mjs');

/** tandem-lb: one instance behind the same HAProxy as tandem-x3, so that both pay the same network path. */
export const TARGETS = ['tandem', 'tandem-lb', 'tandem-x3'];
/** Issue 27 point 7. */
export const GOALS = { p99Ms: 45, cpuRatio: 1.3 };

export const HELP = `npm run bench:observers -- [options]

One writer types into a paragraph of one document at --rate edits/s for --seconds; --observers clients
receive every edit. Targets, one after the other: tandem (one instance, SQLite), tandem-lb (the same behind
HAProxy, when it is installed: the network path tandem-x3 has) and tandem-x3 (three
instances on PostgreSQL + Redis behind a round-robin balancer, scripts/scale/cluster.mjs). Prints delivery
latency, lost edits and the server tree's CPU, and writes bench-results/observers-<time>.{json,md}.
Needs the harness copy that \`npm run bench:collab\` makes (bench-results/collab-harness) and a server build.

  --observers N   observers (default 1500; --quick 300)
  --writers N     writers, each typing at --rate (default 1)
  --rate R        edits per second per writer (default 10)
  --seconds S     typing window (default 20; --quick 5)
  --only LIST     targets (default ${TARGETS.join(',')})
  --node-args A   node flags for every Tandem instance, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  --quick         a smoke run
  --help`;

export function parseArgs(argv) {
  const o = {
    observers: undefined,
    writers: 1,
    rate: 10,
    seconds: undefined,
    // tandem-lb needs HAProxy; without it the cluster falls back to its Node balancer and tandem-lb is left out.
    only: haproxyPath() ? [...TARGETS] : TARGETS.filter((t) => t !== 'tandem-lb'),
    quick: false,
    nodeArgs: '',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) throw new Error(`${a} needs a positive number`);
      return v;
    };
    if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--observers') o.observers = Math.round(num());
    else if (a === '--writers') o.writers = Math.round(num());
    else if (a === '--rate') o.rate = num();
    else if (a === '--seconds') o.seconds = num();
    else if (a === '--quick') o.quick = true;
    else if (a === '--node-args') o.nodeArgs = String(argv[++i] ?? '');
    else if (a === '--only') {
      o.only = String(argv[++i] ?? '')
        .split(',')
        .filter(Boolean);
      const bad = o.only.find((t) => !TARGETS.includes(t));
      if (bad || o.only.length === 0) throw new Error(`--only takes ${TARGETS.join(', ')}`);
    } else throw new Error(`unknown option ${a} (see --help)`);
  }
  o.observers ??= o.quick ? 300 : 1500;
  o.seconds ??= o.quick ? 5 : 20;
  return o;
}

/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const r2 = (n) => Math.round(n * 100) / 100;

// ------------------------------------------------------------------ observer threads
async function observerThread() {
  const { RawClient, connectAll } = await import(pathToFileURL(harnessLib).href);
  const { url, room, count } = workerData;
  let writers = new Map(); // writer client id -> { first clock, edits }
  const received = []; // per observer: Map(writer -> Float64Array of receive times)
  const clients = Array.from({ length: count }, (_, i) => {
    received.push(new Map());
    return new RawClient({
      url,
      room,
      dialect: 'y-websocket',
      docType: 'xml',
      awareness: false,
      onRanges: (sender, from, to) => {
        const w = writers.get(sender);
        if (!w) return;
        let times = received[i].get(sender);
        if (!times) received[i].set(sender, (times = new Float64Array(w.edits)));
        const t = now();
        for (let c = Math.max(from, w.first); c < to && c - w.first < w.edits; c++) {
          if (times[c - w.first] === 0) times[c - w.first] = t;
        }
      },
    });
  });
  const res = await connectAll(clients, 50, 60_000);
  parentPort.postMessage({ type: 'connected', ok: res.ok, failed: res.failed, errors: res.errors });
  parentPort.on('message', (m) => {
    if (m.type === 'writers') writers = new Map(m.writers.map((w) => [w.client, w]));
    if (m.type === 'collect') {
      // Latency of every (observer, edit): receive time minus the writer's send time; -1 = never received.
      const out = [];
      for (const w of m.writers) {
        for (let i = 0; i < count; i++) {
          const times = received[i].get(w.client);
          for (let e = 0; e < w.edits; e++) out.push(times && times[e] > 0 ? times[e] - w.sent[e] : -1);
        }
      }
      const lat = Float64Array.from(out);
      parentPort.postMessage({ type: 'latencies', lat }, [lat.buffer]);
      for (const c of clients) c.ws?.terminate();
    }
  });
}

// ------------------------------------------------------------------ main thread
/**
 * CPU seconds of every process under the root pids (themselves included), by pid with its name ("node" for the
 * instances, "postgres" for all of PostgreSQL's, "redis-server", "haproxy": the balancer, which a
 * deployment runs elsewhere).
 */
export function cpuByName(roots) {
  const tops = new Set(Array.isArray(roots) ? roots : [roots]);
  const parent = new Map();
  const names = new Map();
  const own = new Map();
  const out = new Map();
  const tick = 100; // USER_HZ on Linux
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      // utime and stime: fields 14 and 15 of /proc/PID/stat, 12 and 13 after the name.
      own.set(Number(name), (Number(fields[11]) + Number(fields[12])) / tick);
      names.set(Number(name), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (tops.has(p)) return true;
    return false;
  };
  for (const [pid, name] of names) {
    if (under(pid)) out.set(pid, { name: name.startsWith('postgres') ? 'postgres' : name, s: own.get(pid) ?? 0 });
  }
  return out;
}

/** What each process name used between two cpuByName readings (processes that ended meanwhile are left out). */
export function cpuDelta(before, after) {
  const out = {};
  for (const [pid, { name, s }] of after) out[name] = (out[name] ?? 0) + s - (before.get(pid)?.s ?? 0);
  for (const name of Object.keys(out)) out[name] = Math.round(out[name] * 100) / 100;
  return out;
}

const treeCpu = (pids) => pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);

function machineBusySeconds() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100;
}

/** Starts a target; resolves { port, pid, stop }. */
async function startTarget(target, log, nodeArgs = '') {
  const flags = nodeArgs.split(/\s+/).filter(Boolean);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-observers-'));
  const env = {
    ...process.env,
    TANDEM_ADMIN_TOKEN: 'bench',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TANDEM_COLLAB_GUARD: 'on',
  };
  const entry = path.join(repo, 'dist-server', 'main.js');
  const single = target === 'tandem' || target === 'tandem-lb';
  // tandem-lb: the instance listens on its own port, HAProxy on the one the clients use.
  const own = target === 'tandem-lb' ? await freePort() : port;
  const child = single
    ? spawn(process.execPath, [...flags, entry], {
        cwd: dir,
        env: { ...env, PORT: String(own), TANDEM_DATA_DIR: dir },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : spawn(
        process.execPath,
        [
          path.join(repo, 'scripts', 'scale', 'cluster.mjs'),
          '--port',
          String(port),
          '--instances',
          '3',
          ...(flags.length > 0 ? ['--node-args', nodeArgs] : []),
        ],
        {
          env,
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
  child.stderr?.on('data', (d) => {
    for (const line of String(d).split('\n')) if (line.startsWith('[cluster]')) log(line);
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitForPort(own, { timeoutMs: 60_000, failed: () => (exited ? `${target} exited` : undefined) });
  const balancer =
    target === 'tandem-lb' ? await startHaproxy({ dir: path.join(dir, 'haproxy'), port, targets: [own] }) : null;
  // A cluster's balancer listens before its instances: wait until the API answers through it.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  return {
    port,
    /** The roots of the server's process trees (the balancer is a child of this process for tandem-lb). */
    pids: balancer ? [child.pid, balancer.proc.child.pid] : [child.pid],
    stop: async () => {
      await balancer?.close();
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(15_000)]);
      if (!exited) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function runTarget(target, o, log) {
  const { RawClient } = await import(pathToFileURL(harnessLib).href);
  const server = await startTarget(target, log, o.nodeArgs);
  const room = `observers-${Date.now()}`;
  const url = `ws://127.0.0.1:${server.port}/collab/${room}?token=bench`;
  try {
    const writers = Array.from(
      { length: o.writers },
      () => new RawClient({ url, room, dialect: 'y-websocket', docType: 'xml', awareness: false }),
    );
    for (const w of writers) {
      await w.connect(60_000);
      w.prepare();
    }
    const threads = 2;
    const workers = [];
    const connected = [];
    for (let t = 0; t < threads; t++) {
      const count = Math.floor(o.observers / threads) + (t < o.observers % threads ? 1 : 0);
      const worker = new Worker(fileURLToPath(import.meta.url), {
        workerData: { role: 'observers', url, room, count },
      });
      workers.push(worker);
      connected.push(new Promise((resolve) => worker.once('message', resolve)));
    }
    const t0 = now();
    const joins = await Promise.all(connected);
    const joined = joins.reduce((n, m) => n + m.ok, 0);
    const failed = joins.reduce((n, m) => n + m.failed, 0);
    log(`${target}: ${joined} observers connected in ${Math.round(now() - t0)} ms (${failed} failed)`);
    const edits = Math.round(o.rate * o.seconds);
    // One edit each first (not measured): the measured ones take the clocks after it, one per edit.
    const plan = writers.map((w) => ({
      client: w.doc.clientID,
      first: w.edit('x').clock + 1,
      edits,
      sent: new Float64Array(edits),
    }));
    for (const worker of workers)
      worker.postMessage({
        type: 'writers',
        writers: plan.map((w) => ({ client: w.client, first: w.first, edits: w.edits })),
      });
    await sleep(1_500);
    const cpu0 = treeCpu(server.pids);
    const parts0 = cpuByName(server.pids);
    const busy0 = machineBusySeconds();
    const started = now();
    for (let e = 0; e < edits; e++) {
      const due = started + (e * 1000) / o.rate;
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      for (const [i, w] of writers.entries()) {
        plan[i].sent[e] = now();
        w.edit();
      }
    }
    const window = (now() - started) / 1000;
    const cpu1 = treeCpu(server.pids);
    const parts = cpuDelta(parts0, cpuByName(server.pids));
    const lb = parts.haproxy ?? 0;
    const busy1 = machineBusySeconds();
    await sleep(2_000);
    const lat = [];
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            worker.once('message', (m) => {
              for (const v of m.lat) lat.push(v);
              resolve();
            });
            worker.postMessage({ type: 'collect', writers: plan });
          }),
      ),
    );
    await Promise.all(workers.map((w) => w.terminate()));
    for (const w of writers) w.ws?.terminate();
    const got = lat.filter((v) => v >= 0).sort((a, b) => a - b);
    const result = {
      target,
      observers: joined,
      connectFailed: failed,
      writers: o.writers,
      editsPerWriter: edits,
      deliveries: got.length,
      lost: lat.length - got.length,
      p50: r2(percentile(got, 50)),
      p95: r2(percentile(got, 95)),
      p99: r2(percentile(got, 99)),
      max: r2(got.at(-1) ?? NaN),
      serverCpuS: r2(cpu1 - cpu0),
      serverCores: r2((cpu1 - cpu0) / window),
      balancerCpuS: r2(lb),
      withoutBalancerCpuS: r2(cpu1 - cpu0 - lb),
      cpuByProcess: parts,
      machineCores: r2((busy1 - busy0) / window),
      windowS: r2(window),
    };
    log(
      `${target}: p50 ${result.p50} p99 ${result.p99} max ${result.max} ms, lost ${result.lost}, ` +
        `server ${result.serverCores} cores (machine ${result.machineCores}); CPU s by process: ` +
        Object.entries(parts)
          .map(([name, sec]) => `${name} ${sec}`)
          .join(', '),
    );
    return result;
  } finally {
    await server.stop();
  }
}

function render(o, results, started) {
  const by = Object.fromEntries(results.map((r) => [r.target, r]));
  const rows = [
    'observers',
    'deliveries',
    'lost',
    'p50',
    'p95',
    'p99',
    'max',
    'serverCpuS',
    'balancerCpuS',
    'withoutBalancerCpuS',
    'serverCores',
    'machineCores',
  ];
  const md = [
    `# Observers: ${o.observers} observers, ${o.writers} writer(s) at ${o.rate} edits/s for ${o.seconds} s${o.quick ? ' (quick)' : ''}`,
    '',
    `Started ${started}; node ${process.version}, ${os.cpus().length} CPUs. Latency in ms (every edit to every observer); CPU of the server's whole process tree over the typing window.`,
    '',
    `| figure | ${results.map((r) => r.target).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    ...rows.map((k) => `| ${k} | ${results.map((r) => r[k]).join(' | ')} |`),
  ];
  if (by.tandem && by['tandem-x3']) {
    const ratio = r2(by['tandem-x3'].serverCpuS / by.tandem.serverCpuS);
    const bare = r2(by['tandem-x3'].withoutBalancerCpuS / by.tandem.serverCpuS);
    md.push(
      '',
      `- tandem-x3 p99 ${by['tandem-x3'].p99} ms: goal <= ${GOALS.p99Ms} ms: ${by['tandem-x3'].p99 <= GOALS.p99Ms ? 'met' : 'NOT met'}`,
      `- CPU tandem-x3 / tandem: ${ratio}x with the balancer, ${bare}x without it (instances, PostgreSQL, Redis): ` +
        `goal <= ${GOALS.cpuRatio}x: ${bare <= GOALS.cpuRatio ? 'met' : 'NOT met'} without the balancer`,
      `- lost: ${results.map((r) => `${r.target} ${r.lost}`).join(', ')}: goal 0`,
    );
  }
  if (by['tandem-lb'] && by['tandem-x3']) {
    const ratio = r2(by['tandem-x3'].serverCpuS / by['tandem-lb'].serverCpuS);
    const bare = r2(by['tandem-x3'].withoutBalancerCpuS / by['tandem-lb'].withoutBalancerCpuS);
    md.push(
      `- CPU tandem-x3 / tandem-lb (both behind HAProxy): ${ratio}x in all, ${bare}x without the balancer's own: ` +
        `goal <= ${GOALS.cpuRatio}x: ${bare <= GOALS.cpuRatio ? 'met' : 'NOT met'}`,
    );
  }
  return md.join('\n') + '\n';
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:observers: ${error.message}\n`);
    return 2;
  }
  if (o.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  if (!fs.existsSync(harnessLib)) {
    process.stderr.write(
      'bench:observers: run `npm run bench:collab -- --quick --only tandem` once first (it prepares bench-results/collab-harness)\n',
    );
    return 2;
  }
  if (!fs.existsSync(path.join(repo, 'dist-server', 'main.js'))) {
    process.stderr.write('bench:observers: no server build: run `npm run build` first\n');
    return 2;
  }
  const log = (m) => process.stdout.write(`[observers] ${m}\n`);
  const started = new Date().toISOString();
  const results = [];
  for (const target of o.only) results.push(await runTarget(target, o, log));
  const md = render(o, results, started);
  const stamp = started.replace(/[:.]/g, '-').slice(0, 19) + 'Z';
  fs.mkdirSync(path.join(repo, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(repo, 'bench-results', `observers-${stamp}.json`),
    JSON.stringify({ options: o, results }, null, 2),
  );
  fs.writeFileSync(path.join(repo, 'bench-results', `observers-${stamp}.md`), md);
  process.stdout.write('\n' + md);
  return 0;
}

// Only the threads this script starts (a test runner may load the module in a worker of its own).
if (!isMainThread && workerData?.role === 'observers') await observerThread();
else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`bench:observers: ${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
