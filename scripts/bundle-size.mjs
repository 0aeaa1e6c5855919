#!/usr/bin/env node
// `npm run bench:bundle`: builds the client and prints what the editor page loads before first paint
// (entry chunk + its static imports + their CSS, gzip -9 per file as the editor bench measures it),
// then the biggest contributors to that initial load by package / source folder, and the lazy chunks.
// `--json` prints the figures as JSON; `--top N` sets how many contributors are listed (default 25);
// `--by-file` lists our own sources file by file; `--why <text>` prints, for each initial module whose
// path contains <text>, the chain of static imports that pulls it into the first load.
// TANDEM_BUILD_DIR chooses the output directory (default: a fresh temporary one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { firstLoad } from './first-load.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
// `--by-file`: our own sources are listed file by file instead of by folder.
const byFile = args.includes('--by-file');
const whyIndex = args.indexOf('--why');
const why = whyIndex >= 0 ? args[whyIndex + 1] : null;
/** Static imports per module, for `--why`. */
const staticImports = new Map();
const entries = [];
const outDir = process.env.TANDEM_BUILD_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-bundle-'));

const gzip = (data) => zlib.gzipSync(data, { level: 9 }).length;
const kib = (n) => (n / 1024).toFixed(1);

/** The output chunks' file names (the lazy ones are those the first load does not contain). */
const chunks = new Set();
const recorder = {
  name: 'tandem-bundle-size',
  apply: 'build',
  buildEnd() {
    for (const id of this.getModuleIds()) {
      const info = this.getModuleInfo(id);
      staticImports.set(id, info?.importedIds ?? []);
      if (info?.isEntry) entries.push(id);
    }
  },
  generateBundle(_options, bundle) {
    for (const [fileName, out] of Object.entries(bundle)) {
      if (out.type === 'chunk') chunks.add(fileName);
    }
  },
};

await build({
  root: path.join(repo, 'client'),
  configFile: path.join(repo, 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [recorder],
  build: { outDir, emptyOutDir: true },
});

// What index.html loads plus what those chunks import statically, as CI's first-load step counts it.
const { files: initialFiles } = firstLoad(outDir);
const initial = new Set([...initialFiles.keys()].filter((name) => name.endsWith('.js')));
const initialCss = [...initialFiles.keys()].filter((name) => name.endsWith('.css'));
const fileSize = (name) => {
  const data = fs.readFileSync(path.join(outDir, name));
  return { raw: data.length, gzip: gzip(data) };
};
const sum = (names) =>
  [...names].reduce(
    (a, n) => {
      const s = initialFiles.get(n);
      return { raw: a.raw + s.raw, gzip: a.gzip + s.gzip, files: a.files + 1 };
    },
    { raw: 0, gzip: 0, files: 0 },
  );
const js = sum(initial);
const css = sum(initialCss);

/** `node_modules/<pkg>` (scoped packages keep their scope) or the source folder two levels deep. */
const groupOf = (id) => {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = path.relative(repo, clean);
  if (rel.startsWith('..')) return clean;
  if (byFile) return rel;
  const parts = rel.split(path.sep);
  return parts.slice(0, Math.min(parts.length - 1, 4)).join('/') || rel;
};
// Minified bytes per source, from the source maps: each mapping segment owns the bytes up to the next one.
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeLine(line) {
  const segments = [];
  for (const text of line.split(',')) {
    if (text === '') continue;
    const fields = [];
    let value = 0;
    let shift = 0;
    for (const ch of text) {
      const digit = B64.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    segments.push(fields);
  }
  return segments;
}
const groups = new Map();
for (const name of initial) {
  const code = fs.readFileSync(path.join(outDir, name), 'utf8');
  const mapFile = path.join(outDir, `${name}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const sources = map.sources.map((s) => path.resolve(path.dirname(mapFile), map.sourceRoot ?? '', s));
  const codeLines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, row) => {
    const text = codeLines[row] ?? '';
    let col = 0;
    let owner = -1;
    const take = (until) => {
      const g = owner >= 0 ? groupOf(sources[owner]) : '(bundler glue)';
      const parts = groups.get(g) ?? [];
      parts.push(text.slice(col, until));
      groups.set(g, parts);
    };
    let column = 0;
    for (const seg of decodeLine(line)) {
      column += seg[0];
      take(column);
      col = column;
      if (seg.length >= 4) {
        source += seg[1];
        owner = source;
      } else owner = -1;
    }
    take(text.length);
  });
}
const contributors = [...groups.entries()]
  .map(([group, parts]) => {
    const text = parts.join('');
    return { group, raw: Buffer.byteLength(text), gzip: gzip(text) };
  })
  .sort((a, b) => b.gzip - a.gzip);
const lazy = [...chunks]
  .filter((n) => !initial.has(n) && fs.existsSync(path.join(outDir, n)))
  .map((n) => ({ file: n, ...fileSize(n) }))
  .sort((a, b) => b.gzip - a.gzip);

if (why) {
  // Breadth-first from the entries over static imports: the shortest chain to each matching module.
  const from = new Map(entries.map((id) => [id, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const id = queue.shift();
    for (const next of staticImports.get(id) ?? []) {
      if (from.has(next)) continue;
      from.set(next, id);
      queue.push(next);
    }
  }
  const short = (id) => path.relative(repo, id.replace(/^\0/, ''));
  for (const id of from.keys()) {
    if (!short(id).includes(why)) continue;
    const chain = [];
    for (let at = id; at; at = from.get(at)) chain.unshift(short(at));
    process.stdout.write(`${chain.join('\n  → ')}\n\n`);
  }
  process.exit(0);
}

if (json) {
  process.stdout.write(
    JSON.stringify({ outDir, initial: { js, css, totalGzip: js.gzip + css.gzip }, contributors, lazy }, null, 2) + '\n',
  );
} else {
  const lines = [
    `Initial load (entry + static imports + CSS), gzip -9 per file, build in ${outDir}:`,
    `  JS  ${kib(js.gzip)} KiB gzip (${kib(js.raw)} KiB raw, ${js.files} files)`,
    `  CSS ${kib(css.gzip)} KiB gzip (${kib(css.raw)} KiB raw, ${css.files} files)`,
    `  total ${kib(js.gzip + css.gzip)} KiB gzip`,
    '',
    `Top ${top} contributors to the initial JS (minified bytes from the source maps, gzip -9 per group):`,
    ...contributors
      .slice(0, top)
      .map((c) => `  ${kib(c.gzip).padStart(7)} KiB gz ${kib(c.raw).padStart(8)} KiB  ${c.group}`),
    '',
    `Lazy chunks (${lazy.length}), loaded on first use:`,
    ...lazy.map((c) => `  ${kib(c.gzip).padStart(7)} KiB gz  ${c.file}`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
