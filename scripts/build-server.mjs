// Bundles the server (and shared/) into dist-server/main.js, the operator CLI as cli.js, and the workers
// beside it: the sanitizer as sanitize-worker.js (server/src/infra/sanitize/sanitize-pool.ts starts it from
// there) and the PDF/.docx renderer as export-worker.js (server/src/plugins/export/worker/export-pool.ts).
// One build with code splitting: what a module loads with `await import()` (sharp, pg, ioredis, the
// document schema, the exporters...) lands in a chunk-*.js file beside the entries and is read only when
// first used, so the server at rest holds only what every request needs (issue 29). Chunks sit in the same
// directory as the entries, so `new URL('./sanitize-worker.js', import.meta.url)` from any chunk still finds
// the workers. node_modules stay external, except the few pure-ESM packages in BUNDLED.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// TANDEM_SERVER_OUT lets parallel checkouts or sessions build without overwriting each other.
const outfile = process.env.TANDEM_SERVER_OUT ?? 'dist-server/main.js';
const outdir = path.dirname(outfile);

// Packages bundled instead of loaded from node_modules: TypeBox ships ~700 small ES modules, and Node keeps
// a record per loaded module (~19 MiB for `typebox` alone); bundled, only the few functions we call remain.
// Only stateless packages that no external package imports at run time may go here (a second copy of yjs,
// say, would break its instanceof checks).
const BUNDLED = /^typebox(\/|$)/;

/** Bare imports stay external (as `packages: 'external'` would), except BUNDLED ones. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      // `@shared/...` is ours (tsconfig paths); node: builtins and packages are external.
      if (args.path.startsWith('@shared/') || BUNDLED.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Chunks of an earlier build would pile up (their names carry a content hash).
if (fs.existsSync(outdir)) {
  for (const name of fs.readdirSync(outdir)) {
    if (/^chunk-[A-Z0-9]+\.js(\.map)?$/.test(name)) fs.rmSync(path.join(outdir, name));
  }
}

// TANDEM_SERVER_METAFILE=FILE writes esbuild's metafile there (which inputs went into which output, and
// which imports are static): scripts/bench/server-start-modules.mjs reads it to list what the server
// evaluates at start.
const metafilePath = process.env.TANDEM_SERVER_METAFILE;

const result = await build({
  entryPoints: {
    [path.basename(outfile, '.js')]: 'server/src/main.ts',
    // The operator commands (tandem backup, restore, export-document, import-document; bin/tandem.mjs).
    cli: 'server/src/cli.ts',
    'sanitize-worker': 'server/src/infra/sanitize/sanitize-worker.ts',
    'export-worker': 'server/src/plugins/export/worker/export-worker.ts',
  },
  outdir,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  plugins: [externals],
  sourcemap: true,
  tsconfig: 'server/tsconfig.json',
  logLevel: 'warning',
  metafile: Boolean(metafilePath),
});
if (metafilePath) fs.writeFileSync(metafilePath, JSON.stringify(result.metafile));
