// What the bundled server evaluates at start (issue 29, memory at rest): builds the server with an esbuild
// metafile (into a temporary directory, or reads `--metafile FILE` from an earlier build), walks the static
// imports from dist-server/main.js through the chunks, and lists the packages imported from node_modules and
// our own source files (by size of their bundled code) that the start path holds. What a chunk reaches only
// through `await import()` is left out: it is read at first use. Prints a report; asserts nothing (the test
// beside this file does).
//
//   npm run bench:start-modules [-- --metafile FILE --why PACKAGE]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the server into `dir` (main.js and its chunks) with a metafile; returns the entry and the metafile. */
export function buildServer(dir) {
  const metafile = path.join(dir, 'meta.json');
  const entry = path.join(dir, 'main.js');
  execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
    cwd: repo,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, TANDEM_SERVER_OUT: entry, TANDEM_SERVER_METAFILE: metafile },
  });
  // The bundle imports its packages from node_modules: a build outside the repository gets a link to ours.
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  }
  return { entry, metafile: JSON.parse(fs.readFileSync(metafile, 'utf8')) };
}

/** Builds the server into a fresh temporary directory and returns its metafile. */
export function buildWithMetafile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-start-modules-'));
  try {
    return buildServer(dir).metafile;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`, `node:fs` → `node:fs`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The outputs the entry `main.js` loads with static imports (itself included), the packages they import
 * statically (with the source files that import each), and the bundled source files with their bytes.
 */
export function startClosure(metafile, entryName = 'main.js') {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((key) => path.basename(key) === entryName);
  if (!entry) throw new Error(`no output named ${entryName} in the metafile`);
  const loaded = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const key = queue.pop();
    if (loaded.has(key)) continue;
    loaded.add(key);
    for (const imp of outputs[key].imports) {
      if (!imp.external && imp.kind === 'import-statement') queue.push(imp.path);
    }
  }
  /** package → the bundled source files that import it statically. */
  const packages = new Map();
  /** bundled source file → bytes of its code in the start outputs. */
  const inputs = new Map();
  for (const key of loaded) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[key].inputs)) {
      inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
      for (const imp of metafile.inputs[input]?.imports ?? []) {
        if (!imp.external || imp.kind !== 'import-statement') continue;
        const name = packageOf(imp.path);
        if (!packages.has(name)) packages.set(name, new Set());
        packages.get(name).add(input);
      }
    }
  }
  return { outputs: [...loaded], packages, inputs };
}

/** The directory of package `name` as Node resolves it from `fromDir` (nearest node_modules upward), or null. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * Every package the given ones may load, after their package.json (dependencies, optional and peer ones),
 * transitively: what the metafile cannot see, since node_modules stay outside the bundle.
 */
export function dependencyClosure(names) {
  const found = new Set();
  const queue = names.map((name) => ({ name, from: repo }));
  while (queue.length > 0) {
    const { name, from } = queue.pop();
    const dir = packageDir(name, from);
    if (!dir || found.has(dir)) continue;
    found.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies };
    for (const dep of Object.keys(deps)) queue.push({ name: dep, from: dir });
  }
  return new Set([...found].map((dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { metafile: { type: 'string' }, why: { type: 'string', multiple: true } },
  });
  const metafile = args.metafile ? JSON.parse(fs.readFileSync(args.metafile, 'utf8')) : buildWithMetafile();
  const { outputs, packages, inputs } = startClosure(metafile);
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  console.log(`start outputs (${outputs.length}):`);
  for (const key of outputs) console.log(`  ${path.basename(key)}  ${kib(metafile.outputs[key].bytes)} KiB`);
  const names = [...packages.keys()].filter((name) => !name.startsWith('node:')).sort();
  console.log(`\npackages imported at start (${names.length}):`);
  for (const name of names) console.log(`  ${name}`);
  const byDir = new Map();
  for (const [input, bytes] of inputs) {
    const dir = input.split('/').slice(0, 4).join('/');
    byDir.set(dir, (byDir.get(dir) ?? 0) + bytes);
  }
  console.log('\nbundled code at start, by directory:');
  for (const [dir, bytes] of [...byDir].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${kib(bytes).padStart(7)} KiB  ${dir}`);
  }
  for (const name of args.why ?? []) {
    console.log(`\nwho imports ${name} at start:`);
    for (const input of packages.get(name) ?? []) console.log(`  ${input}`);
  }
}
