// Bundles the server (and shared/) into dist-server/main.js, the operator CLI as cli.js, and the workers
// beside it: the sanitizer as sanitize-worker.js (server/src/infra/sanitize/sanitize-pool.ts starts it from
// there) and the PDF/.docx renderer as export-worker.js (server/src/plugins/export/worker/export-pool.ts);
// node_modules stay external.
import path from 'node:path';
import { build } from 'esbuild';

// TANDEM_SERVER_OUT lets parallel checkouts or sessions build without overwriting each other.
const outfile = process.env.TANDEM_SERVER_OUT ?? 'dist-server/main.js';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'server/tsconfig.json',
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['server/src/main.ts'], outfile }),
  // The operator commands (tandem backup, restore, export-document, import-document; bin/tandem.mjs).
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: path.join(path.dirname(outfile), 'cli.js') }),
  build({
    ...common,
    entryPoints: ['server/src/infra/sanitize/sanitize-worker.ts'],
    outfile: path.join(path.dirname(outfile), 'sanitize-worker.js'),
  }),
  build({
    ...common,
    entryPoints: ['server/src/plugins/export/worker/export-worker.ts'],
    outfile: path.join(path.dirname(outfile), 'export-worker.js'),
  }),
]);
