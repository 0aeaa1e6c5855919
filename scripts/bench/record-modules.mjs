// `node --import ./scripts/bench/record-modules.mjs app.js` with TANDEM_RECORD_MODULES=FILE: appends the URL of
// every ES module the process resolves to FILE, one a line (server-start-modules.test.mjs reads what the
// built server loads at start). Without the variable it does nothing. The same file is the loader hook: Node
// runs it again in its hooks thread, where it only exports `resolve`.
import fs from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const file = process.env.TANDEM_RECORD_MODULES;
if (isMainThread && file) register(import.meta.url);

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (file) fs.appendFileSync(file, `${result.url}\n`);
  return result;
}
