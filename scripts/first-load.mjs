#!/usr/bin/env node
// CI step after `npm run build`: what the editor page loads before first paint (the scripts and styles
// index.html names, plus every chunk they import statically), gzip -9 per file as `npm run bench:bundle`
// measures it, against a ceiling. `bench:bundle` explains the figure (by package or file, and why a module
// is in); this step only keeps it from growing unnoticed.
//
// The target is 300 KiB (issues 12, 24 and 26). Issue 28 (comments, suggestions, the context menu) took the
// first load over it and nothing stopped that; the ceiling is the figure now and only ever goes down, to 300.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const CEILING_KIB = 317;

/** The files of the first load in `dir` (a built client) with their sizes, raw and gzip -9 (bytes). */
export function firstLoad(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = new Map();
  const visit = (name) => {
    const clean = name.replace(/^\//, '');
    if (files.has(clean)) return;
    const file = path.join(dir, clean);
    if (!fs.existsSync(file)) throw new Error(`index.html or a chunk names ${clean}, which the build lacks`);
    const data = fs.readFileSync(file);
    files.set(clean, { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length });
    if (!clean.endsWith('.js')) return;
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    for (const m of data.toString('utf8').matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
      visit(path.posix.join(path.posix.dirname(clean), m[1]));
    }
  };
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) visit(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="(?:stylesheet|modulepreload)"[^>]+href="([^"]+\.(?:css|js))"/g))
    visit(m[1]);
  if (files.size === 0) throw new Error('index.html loads no script');
  return { files, totalKiB: [...files.values()].reduce((a, b) => a + b.gzip, 0) / 1024 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? process.env.TANDEM_BUILD_DIR ?? 'dist/client';
  const { files, totalKiB } = firstLoad(dir);
  console.log(
    `first load: ${totalKiB.toFixed(1)} KiB gzip in ${String(files.size)} files (ceiling ${String(CEILING_KIB)} KiB, target 300)`,
  );
  if (totalKiB > CEILING_KIB) {
    console.error(
      `first load over its ceiling: ${totalKiB.toFixed(1)} > ${String(CEILING_KIB)} KiB; see npm run bench:bundle`,
    );
    process.exit(1);
  }
}
