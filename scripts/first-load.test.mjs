import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoad } from './first-load.mjs';

const dirs = [];
function build(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const gz = (text) => zlib.gzipSync(Buffer.from(text), { level: 9 }).length;

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('firstLoad', () => {
  it("counts index.html's scripts and styles and the chunks they import statically, not lazy ones", () => {
    const files = {
      'index.html':
        '<script type="module" crossorigin src="/assets/app.js"></script><link rel="stylesheet" crossorigin href="/assets/app.css">',
      'assets/app.js': 'import{a as b}from"./dep.js";import"./side.js";const l=()=>import("./lazy.js");',
      'assets/dep.js': 'export const a=1;',
      'assets/side.js': 'import{a}from"./dep.js";console.log(a);',
      'assets/lazy.js': 'x'.repeat(50_000),
      'assets/app.css': 'body{margin:0}',
    };
    const { files: counted, totalKiB } = firstLoad(build(files));
    expect([...counted.keys()].sort()).toEqual(['assets/app.css', 'assets/app.js', 'assets/dep.js', 'assets/side.js']);
    const expected = ['assets/app.js', 'assets/dep.js', 'assets/side.js', 'assets/app.css'].reduce(
      (a, n) => a + gz(files[n]),
      0,
    );
    expect(totalKiB).toBeCloseTo(expected / 1024, 6);
  });

  it('fails on a chunk the build lacks and on a page without a script', () => {
    expect(() => firstLoad(build({ 'index.html': '<script type="module" src="/assets/gone.js"></script>' }))).toThrow(
      /lacks/,
    );
    expect(() => firstLoad(build({ 'index.html': '<p>no script</p>' }))).toThrow(/no script/);
  });
});
