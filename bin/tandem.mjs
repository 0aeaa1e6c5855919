#!/usr/bin/env node
// `tandem` on PATH (the Docker image links it): the operator commands of the built server.
// In a checkout, `npm run tandem -- <command>` runs the TypeScript source instead.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const cli = new URL('../dist-server/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('tandem: dist-server/cli.js is missing; run "npm run build:server" first\n');
  process.exit(2);
}
const { run } = await import(cli.href);
process.exitCode = await run(process.argv.slice(2));
