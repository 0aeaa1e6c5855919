#!/usr/bin/env node
// Summarises a V8 .cpuprofile (e.g. from `npm run bench:collab -- --node-args '--cpu-prof --cpu-prof-dir=DIR'`):
// the top self-time functions, and with --inclusive NAME,… the share of time spent inside those functions
// (their callees included). Usage: node scripts/bench/cpu-profile-top.mjs FILE [--top 15] [--inclusive a,b]
import fs from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1]?.startsWith('--') !== true);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
if (!file) {
  process.stderr.write('usage: cpu-profile-top.mjs FILE [--top 15] [--inclusive fnA,fnB]\n');
  process.exit(2);
}
const top = Number(option('--top', '15'));
const inclusive = option('--inclusive', '').split(',').filter(Boolean);

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const timeOf = new Map();
profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const label = (frame) => {
  const where = frame.url ? `${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : '(native)';
  return `${frame.functionName || '(anonymous)'} ${where}`;
};
const self = new Map();
const inside = new Map(inclusive.map((n) => [n, 0]));
let busy = 0;
for (const [id, us] of timeOf) {
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === '(idle)') continue;
  busy += us;
  self.set(label(frame), (self.get(label(frame)) ?? 0) + us);
  const counted = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = nodes.get(at).callFrame.functionName;
    if (inside.has(name) && !counted.has(name)) {
      counted.add(name);
      inside.set(name, inside.get(name) + us);
    }
  }
}
const ms = (us) => (us / 1000).toFixed(1).padStart(9);
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
process.stdout.write(`busy ${ms(busy).trim()} ms\n\n| self ms | share | function |\n|---:|---:|---|\n`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(`| ${ms(us).trim()} | ${pct(us).trim()} | \`${name}\` |\n`);
}
if (inside.size > 0) {
  process.stdout.write('\n| inclusive ms | share | function |\n|---:|---:|---|\n');
  for (const [name, us] of inside) process.stdout.write(`| ${ms(us).trim()} | ${pct(us).trim()} | \`${name}\` |\n`);
}
