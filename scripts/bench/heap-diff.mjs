// Compares two V8 heap snapshots (e.g. from `npm run bench:memory -- --heap-snapshots DIR`): self size and
// count per constructor in each, and what grew most from the first to the second. Prints figures only.
//
//   node scripts/bench/heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top 25]
import fs from 'node:fs';

function byConstructor(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map();
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    // Objects by constructor name; everything else (strings, code, arrays' backing stores…) by node type.
    const key = type === 'object' || type === 'closure' ? `${strings[nodes[i + nameAt]]} (${type})` : `(${type})`;
    const entry = totals.get(key) ?? { size: 0, count: 0 };
    entry.size += nodes[i + sizeAt];
    entry.count += 1;
    totals.set(key, entry);
  }
  return totals;
}

const [a, b] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const topAt = process.argv.indexOf('--top');
const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
if (!a || !b) {
  console.error('usage: heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top 25]');
  process.exit(2);
}
const before = byConstructor(a);
const after = byConstructor(b);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const x = before.get(key) ?? { size: 0, count: 0 };
  const y = after.get(key) ?? { size: 0, count: 0 };
  return { key, grow: y.size - x.size, count: y.count - x.count, size: y.size };
});
const total = rows.reduce((sum, r) => sum + r.grow, 0);
console.log(`grew ${(total / 1024 / 1024).toFixed(2)} MiB in all`);
console.log('| grew KiB | more objects | in B KiB | constructor / type |\n|---:|---:|---:|---|');
for (const r of rows.sort((x, y) => y.grow - x.grow).slice(0, top)) {
  console.log(`| ${(r.grow / 1024).toFixed(1)} | ${r.count} | ${(r.size / 1024).toFixed(1)} | ${r.key} |`);
}
