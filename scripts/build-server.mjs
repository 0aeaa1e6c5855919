// Bundles the server (and shared/) into dist-server/main.js; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  // TANDEM_SERVER_OUT lets parallel checkouts or sessions build without overwriting each other.
  outfile: process.env.TANDEM_SERVER_OUT ?? 'dist-server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'server/tsconfig.json',
  logLevel: 'warning',
});
