#!/usr/bin/env node
// `npm run bench:uploads`: starts the real server, sends N concurrent ~1 MB image uploads (distinct images,
// so dedupe does not help), then the same images again (the dedupe path), and prints throughput (MB/s)
// and p50/p95/max latency of each run. Run `npm run bench:uploads -- --help`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ensureServerBuild } from './bench/collab-harness.mjs';
import { createDocument, freePort, waitHealthy } from './bench/local-server.mjs';

const HELP = `npm run bench:uploads -- [options]

Uses dist-server/main.js (rebuilt first when server/src or shared/src is newer),
starts it on a free port with a fresh data directory, creates a document and uploads images to
POST /api/documents/:id/images.

  --count N        uploads per run (default 100)
  --bytes B        approximate size of each image (default 1048576)
  --concurrency C  uploads in flight at once (default: all of them)
  --server FILE    use an already built server entry (e.g. dist-server/main.js) instead of bundling
  --help`;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function log(msg) {
  process.stderr.write(`[bench:uploads] ${msg}\n`);
}

function parseArgs(argv) {
  const o = { count: 100, bytes: 1024 * 1024, concurrency: 0, server: undefined, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--count') o.count = Number(value());
    else if (a === '--bytes') o.bytes = Number(value());
    else if (a === '--concurrency') o.concurrency = Number(value());
    else if (a === '--server') o.server = path.resolve(value());
    else throw new Error(`unknown option ${a} (see --help)`);
  }
  for (const k of ['count', 'bytes']) if (!Number.isInteger(o[k]) || o[k] < 1) throw new Error(`--${k} must be > 0`);
  if (!o.concurrency) o.concurrency = o.count;
  return o;
}

/** Distinct PNGs of about `bytes` each: random pixels, stored uncompressed (so the size is predictable). */
async function makeImages(count, bytes) {
  const side = Math.max(8, Math.round(Math.sqrt(bytes / 3)));
  const images = [];
  for (let n = 0; n < count; n++) {
    const raw = Buffer.alloc(side * side * 3);
    let x = (n + 1) * 2654435761;
    for (let i = 0; i < raw.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      raw[i] = x >>> 24;
    }
    images.push(
      await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
  }
  return images;
}

async function uploadOne(base, doc, bytes, n) {
  const form = new FormData();
  form.append('uploader', 'bench');
  form.append('file', new Blob([bytes], { type: 'image/png' }), `bench-${n}.png`);
  const started = performance.now();
  const res = await fetch(`${base}/api/documents/${doc.id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${doc.editorToken}` },
    body: form,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function run(label, base, doc, images, concurrency) {
  const results = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < images.length) {
      const n = next++;
      results.push(await uploadOne(base, doc, images[n], n));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, images.length) }, worker));
  const wallMs = performance.now() - started;
  const totalBytes = images.reduce((s, b) => s + b.length, 0);
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    label,
    uploads: results.length,
    mb: totalBytes / 1024 / 1024,
    wallS: wallMs / 1000,
    mbPerS: totalBytes / 1024 / 1024 / (wallMs / 1000),
    uploadsPerS: results.length / (wallMs / 1000),
    p50: pct(50),
    p95: pct(95),
    max: sorted[sorted.length - 1],
    statuses,
  };
}

function format(r) {
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  return (
    `| ${r.label} | ${r.uploads} | ${r.mb.toFixed(1)} | ${r.wallS.toFixed(2)} | ${r.mbPerS.toFixed(1)} | ` +
    `${r.uploadsPerS.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max.toFixed(0)} | ${statuses} |`
  );
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const entry = opts.server ?? ensureServerBuild({ repo, log });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-uploads-'));
  const base = `http://127.0.0.1:${port}`;
  log(`server ${path.relative(repo, entry)} on ${base}, data in ${dataDir}`);
  const child = spawn(process.execPath, [entry], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TANDEM_DATA_DIR: dataDir,
      TANDEM_CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      // Every upload comes from one address with one token: measure throughput, not the rate limits.
      TANDEM_RATE_UPLOAD_PER_IP: '1000000',
      TANDEM_RATE_UPLOAD_PER_TOKEN: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitHealthy(base, child);
    log(`generating ${opts.count} distinct images of ~${opts.bytes} bytes`);
    const images = await makeImages(opts.count, opts.bytes);
    const doc = await createDocument(base, 'bench uploads');

    log(`run 1: ${opts.count} new images, ${opts.concurrency} in flight`);
    const fresh = await run('distinct images (new)', base, doc, images, opts.concurrency);
    log(`run 2: the same ${opts.count} images again (dedupe)`);
    const dedupe = await run('same images again (dedupe)', base, doc, images, opts.concurrency);

    const lines = [
      `# bench:uploads ${new Date().toISOString()}`,
      '',
      `${os.cpus().length} CPUs, Node ${process.version}; ${opts.count} uploads per run, ${opts.concurrency} concurrent, ` +
        `image ~${(images[0].length / 1024 / 1024).toFixed(2)} MB (PNG, random pixels)`,
      '',
      '| run | uploads | MB | wall s | MB/s | uploads/s | p50 ms | p95 ms | max ms | statuses |',
      '|---|---|---|---|---|---|---|---|---|---|',
      format(fresh),
      format(dedupe),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const out = path.join(
      repo,
      'bench-results',
      `uploads-summary-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, lines.join('\n'));
    log(`written to ${path.relative(repo, out)}`);
    const bad = [fresh, dedupe].some((r) => Object.keys(r.statuses).some((s) => s !== '200' && s !== '201'));
    if (bad) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`[bench:uploads] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
