// Reads collab-bench result JSON files and builds the comparison table (ours vs the peers, with ratios).

const fmt = (v, digits = 1) => (v === undefined || v === null || Number.isNaN(v) ? '-' : Number(v).toFixed(digits));

function point(result, docs, clientsPerRoom) {
  return result?.scenarios?.fanout?.points?.find((p) => p.docs === docs && p.clientsPerRoom === clientsPerRoom);
}

/** One row per figure: [label, unit, lowerIsBetter, pick(result)]. */
export const rows = [
  ['fan-out p50, 1 doc x 50 clients', 'ms', true, (r) => point(r, 1, 50)?.fanout?.p50],
  ['fan-out p95, 1 doc x 50 clients', 'ms', true, (r) => point(r, 1, 50)?.fanout?.p95],
  ['fan-out p99, 1 doc x 50 clients', 'ms', true, (r) => point(r, 1, 50)?.fanout?.p99],
  ['server CPU, 1 doc x 50 clients', 'cores', true, (r) => point(r, 1, 50)?.server?.cpuUtil],
  ['server peak RSS, 1 doc x 50 clients', 'MiB', true, (r) => point(r, 1, 50)?.server?.peakRssMiB],
  ['fan-out p50, 20 docs x 10 clients', 'ms', true, (r) => point(r, 20, 10)?.fanout?.p50],
  ['fan-out p95, 20 docs x 10 clients', 'ms', true, (r) => point(r, 20, 10)?.fanout?.p95],
  ['fan-out p99, 20 docs x 10 clients', 'ms', true, (r) => point(r, 20, 10)?.fanout?.p99],
  ['server CPU, 20 docs x 10 clients', 'cores', true, (r) => point(r, 20, 10)?.server?.cpuUtil],
  ['server peak RSS, 20 docs x 10 clients', 'MiB', true, (r) => point(r, 20, 10)?.server?.peakRssMiB],
  ['fan-out p99, 1 doc x 200 clients', 'ms', true, (r) => point(r, 1, 200)?.fanout?.p99],
  ['server CPU per delivery, 1 doc x 200', 'us', true, (r) => point(r, 1, 200)?.server?.usPerDelivery],
  ['server CPU per delivery, 200 docs x 10', 'us', true, (r) => point(r, 200, 10)?.server?.usPerDelivery],
  ['knee, clients in 1 doc (p99 <= 100 ms)', 'clients', false, (r) => r?.scenarios?.fanout?.knees?.clients?.lastOk],
  ['knee, docs of 10 clients (p99 <= 100 ms)', 'docs', false, (r) => r?.scenarios?.fanout?.knees?.docs?.lastOk],
  ['fresh sync of 100k-op doc, p50', 'ms', true, (r) => r?.scenarios?.sync?.measure?.sequential?.totalMs?.p50],
  ['20 fresh syncs at once, slowest', 'ms', true, (r) => r?.scenarios?.sync?.measure?.concurrent?.totalMs?.max],
  ['server RSS for the 100k-op doc', 'MiB', true, (r) => r?.scenarios?.sync?.server?.docRssDeltaMiB],
  ['RSS per 1000 idle clients (at the largest step)', 'MiB', true, (r) => r?.scenarios?.idle?.steps?.at(-1)?.perThousandMiB],
  ['server CPU with the most idle clients', 'cores', true, (r) => r?.scenarios?.idle?.steps?.at(-1)?.idleCpuUtil],
  [
    'edits lost, kill -9 right after 500 edits',
    'edits',
    true,
    (r) => r?.scenarios?.restart?.modes?.find((m) => m.mode === 'kill9')?.lost,
  ],
  ['edits lost, SIGTERM right after', 'edits', true, (r) => r?.scenarios?.restart?.modes?.find((m) => m.mode === 'term')?.lost],
];

/** Markdown table: ours, each peer, and ours/peer (below 1 is better where lower is better). */
export function comparisonTable(results) {
  const labels = Object.keys(results);
  const ours = results.tandem;
  const peers = labels.filter((l) => l !== 'tandem');
  const head = ['figure', 'unit', ...labels, ...peers.map((p) => `tandem / ${p}`)];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const [label, unit, lowerIsBetter, pick] of rows) {
    const values = labels.map((l) => pick(results[l]));
    const ratios = peers.map((p) => {
      const a = pick(ours);
      const b = pick(results[p]);
      if (a === undefined || b === undefined || a === null || b === null) return '-';
      if (b === 0) return a === 0 ? '1.00 (=)' : 'worse';
      const ratio = a / b;
      const better = lowerIsBetter ? ratio <= 1 : ratio >= 1;
      return `${fmt(ratio, 2)} ${better ? '(ok)' : '(worse)'}`;
    });
    lines.push(`| ${[label, unit, ...values.map((v) => fmt(v, unit === 'cores' ? 3 : 1)), ...ratios].join(' | ')} |`);
  }
  return lines.join('\n');
}
