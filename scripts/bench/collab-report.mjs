// Turns the harness's result files (results/<label>-<time>.json, see lib/report.mjs and bin/summarize.mjs in
// ../shared/bench/collab) into the summary `npm run bench:collab` prints: our figures (update guard on and
// off) beside the peers', with the ratios ours/peer, plus the problems our server showed (harness errors
// and its own log lines).
import fs from 'node:fs';

/** Where the guard-on target has no figure of a scenario the model refuses, the guard-off one stands in. */
const GUARD_ON = 'tandem';
const GUARD_OFF = 'tandem-noguard';
const MODEL_INVALID = new Set(['sync', 'restart', 'compat']);

const num = (v) => typeof v === 'number' && Number.isFinite(v);
function fmt(v, digits) {
  if (!num(v)) return '-';
  if (digits !== undefined) return v.toFixed(digits);
  const a = Math.abs(v);
  return v.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

/** A fan-out sweep point; prefer the point of the given sweep axis (D=1,C=10 can be on both). */
function point(R, docs, clientsPerRoom, axis) {
  const pts = R?.scenarios?.fanout?.points ?? [];
  const match = pts.filter((p) => p.docs === docs && p.clientsPerRoom === clientsPerRoom);
  return match.find((p) => p.axis === axis) ?? match[0];
}

/** Value of a fan-out point with its flags: `error`, `*` noisy (other processes busy), `!` over the p99 limit. */
function fromPoint(p, pick) {
  if (!p) return { value: undefined, mark: '' };
  if (p.error) return { value: undefined, mark: 'error' };
  return { value: pick(p), mark: p.noisy ? '*' : '' };
}

const restartMode = (R, mode) => R?.scenarios?.restart?.modes?.find((m) => m.mode === mode);

function syncFigure(R, pick) {
  const s = R?.scenarios?.sync;
  if (!s) return { value: undefined, mark: '' };
  if (s.error) return { value: undefined, mark: 'error' };
  return { value: pick(s), mark: '' };
}

function knee(R, axis) {
  const k = R?.scenarios?.fanout?.knees?.[axis];
  if (!k) return { value: undefined, mark: '' };
  const over = k.firstBad == null ? 'none reached' : `over at ${k.firstBad}${k.firstBadNoisy ? ', noisy' : ''}`;
  return { value: k.lastOk ?? undefined, text: `${k.lastOk ?? '-'} (${over})` };
}

/** Names the sweep/size parameters actually used, read from the first result that has them. */
function context(results) {
  const any = Object.values(results).find(Boolean);
  const o = any?.meta?.options ?? {};
  const sync = Object.values(results).find((R) => R?.scenarios?.sync?.measure)?.scenarios.sync;
  const restart = Object.values(results)
    .flatMap((R) => R?.scenarios?.restart?.modes ?? [])
    .find((m) => num(m.totalEdits));
  return {
    concurrent: sync?.measure?.concurrent?.n ?? o.syncConcurrent ?? 20,
    sequential: sync?.measure?.sequential?.n ?? o.syncClients ?? 10,
    ops: sync?.load?.ops ?? o.traceOps ?? 100000,
    edits: restart?.totalEdits,
    idleMax: o.idleSteps?.length ? Math.max(...o.idleSteps) : undefined,
    limitMs: o.limitMs ?? 100,
    roomsOf: o.docsSweepClients ?? 10,
  };
}

/** The figures of the summary: label, unit, which direction is better, and how to read them. */
function figures(ctx) {
  const fan = (d, c, axis, name, unit, pick) => ({
    label: `${name}, ${d} doc${d > 1 ? 's' : ''} x ${c} clients`,
    unit,
    better: 'lower',
    scenario: 'fanout',
    get: (R) => fromPoint(point(R, d, c, axis), pick),
  });
  const rows = [];
  const latency = [
    [1, 10, 'clients'],
    [1, 50, 'clients'],
    [1, 100, 'clients'],
    [20, 10, 'docs'],
    [200, 10, 'docs'],
  ];
  for (const [d, c, axis] of latency) {
    rows.push(fan(d, c, axis, 'fan-out p50', 'ms', (p) => p.fanout?.p50));
    rows.push(fan(d, c, axis, 'fan-out p99', 'ms', (p) => p.fanout?.p99));
  }
  for (const [d, c, axis] of [
    [1, 50, 'clients'],
    [20, 10, 'docs'],
    [200, 10, 'docs'],
  ]) {
    rows.push(fan(d, c, axis, 'server CPU', 'cores', (p) => p.server?.cpuUtil));
  }
  for (const [d, c, axis] of [
    [1, 50, 'clients'],
    [1, 200, 'clients'],
    [20, 10, 'docs'],
    [200, 10, 'docs'],
  ]) {
    rows.push(fan(d, c, axis, 'server CPU per delivered edit', 'us', (p) => p.server?.usPerDelivery));
  }
  for (const [d, c, axis] of [
    [1, 50, 'clients'],
    [200, 10, 'docs'],
  ]) {
    rows.push(fan(d, c, axis, 'server peak RSS', 'MiB', (p) => p.server?.peakRssMiB));
  }
  rows.push({
    label: `fresh client syncs the ${ctx.ops.toLocaleString('en-US')}-op document, p50 (n=${ctx.sequential})`,
    unit: 'ms',
    better: 'lower',
    scenario: 'sync',
    get: (R) => syncFigure(R, (s) => s.measure?.sequential?.totalMs?.p50),
  });
  rows.push({
    label: `${ctx.concurrent} fresh clients sync it at once, p50`,
    unit: 'ms',
    better: 'lower',
    scenario: 'sync',
    get: (R) => syncFigure(R, (s) => s.measure?.concurrent?.totalMs?.p50),
  });
  rows.push({
    label: `${ctx.concurrent} fresh clients sync it at once, slowest`,
    unit: 'ms',
    better: 'lower',
    scenario: 'sync',
    get: (R) => syncFigure(R, (s) => s.measure?.concurrent?.totalMs?.max),
  });
  rows.push({
    label: 'server RSS for that document (delta)',
    unit: 'MiB',
    better: 'lower',
    scenario: 'sync',
    get: (R) => syncFigure(R, (s) => s.server?.docRssDeltaMiB),
  });
  const idleLast = (R) => R?.scenarios?.idle?.steps?.filter((x) => x.clients > 0 && !x.error).at(-1);
  rows.push({
    label: `server RSS with ${ctx.idleMax ?? 'the most'} idle clients`,
    unit: 'MiB',
    better: 'lower',
    optional: true,
    scenario: 'idle',
    get: (R) => ({ value: idleLast(R)?.rssMiB }),
  });
  rows.push({
    label: 'RSS per 1000 more idle clients (marginal, last two steps)',
    unit: 'MiB',
    better: 'lower',
    optional: true,
    scenario: 'idle',
    get: (R) => ({ value: R?.scenarios?.idle?.slopePerThousandMiB ?? undefined }),
  });
  rows.push({
    label: `server CPU with ${ctx.idleMax ?? 'the most'} idle clients`,
    unit: 'cores',
    better: 'lower',
    optional: true,
    scenario: 'idle',
    get: (R) => ({ value: idleLast(R)?.idleCpuUtil }),
  });
  for (const [mode, what] of [
    ['kill9', 'kill -9 right after the last edit'],
    ['term', 'SIGTERM right after the last edit'],
    ['kill9-after-3s', 'kill -9 3 s after the last edit'],
  ]) {
    rows.push({
      label: `edits lost, ${what}`,
      unit: 'edits',
      better: 'lower',
      optional: true,
      scenario: 'restart',
      get: (R) => {
        const m = restartMode(R, mode);
        if (!m) return { value: undefined, mark: '' };
        if (m.error || !num(m.lost)) return { value: undefined, mark: 'error' };
        return { value: m.lost, text: `${m.lost} of ${m.totalEdits}` };
      },
    });
  }
  rows.push({
    label: `knee, clients in one doc (last with p99 <= ${ctx.limitMs} ms)`,
    unit: 'clients',
    better: 'higher',
    scenario: 'fanout',
    get: (R) => knee(R, 'clients'),
  });
  rows.push({
    label: `knee, docs of ${ctx.roomsOf} clients (last with p99 <= ${ctx.limitMs} ms)`,
    unit: 'docs',
    better: 'higher',
    scenario: 'fanout',
    get: (R) => knee(R, 'docs'),
  });
  return rows;
}

function cell(f, unit) {
  if (f.mark === 'error') return 'error';
  const base = f.text ?? fmt(f.value, unit === 'cores' ? 3 : undefined);
  const marked = f.mark ? `${base} ${f.mark}` : base;
  return f.guardOff && f.value !== undefined ? `${marked} (guard off)` : marked;
}

function ratioCell(a, b, better) {
  if (!num(a.value) || !num(b.value)) return '-';
  if (b.value === 0) return a.value === 0 ? 'same (0)' : 'peer 0';
  const r = a.value / b.value;
  const good = better === 'higher' ? r >= 1 : r <= 1;
  const same = Math.abs(r - 1) < 0.005;
  return `${r.toFixed(2)}${same ? '' : good ? ' (better)' : ' (worse)'}`;
}

function table(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => ' --- ').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/**
 * One figure of one target. The guard-on target did not run the scenarios whose writes the document model
 * refuses (see bench-collab.mjs): there the guard-off target's figure stands in, marked.
 */
function figureOf(f, results, target) {
  const R = results[target];
  if (target === GUARD_ON && MODEL_INVALID.has(f.scenario) && !R?.scenarios?.[f.scenario] && results[GUARD_OFF]) {
    return { ...f.get(results[GUARD_OFF]), guardOff: true };
  }
  return f.get(R);
}

/**
 * The comparison table: one row per figure; columns each of our targets and each peer, then ours/peer for
 * every pair, and guard on / guard off (what the guard costs) when both ran.
 */
export function comparisonTable(results, targets, ours, peers) {
  const ctx = context(results);
  const shown = targets.filter((t) => results[t]);
  const oursShown = ours.filter((t) => results[t]);
  const pairs = oursShown.flatMap((o) => peers.filter((p) => results[p]).map((p) => [o, p]));
  if (results[GUARD_ON] && results[GUARD_OFF]) pairs.push([GUARD_ON, GUARD_OFF]);
  const head = ['figure', 'unit', ...shown, ...pairs.map(([a, b]) => `${a} / ${b}`)];
  const rows = [];
  for (const f of figures(ctx)) {
    const vals = Object.fromEntries(shown.map((t) => [t, figureOf(f, results, t)]));
    if (f.optional && shown.every((t) => vals[t].value === undefined && vals[t].mark !== 'error')) continue;
    rows.push([
      f.label,
      f.unit,
      ...shown.map((t) => cell(vals[t], f.unit)),
      // A guard-off figure standing in for the guard-on one says nothing about the guard's cost.
      ...pairs.map(([a, b]) => (vals[a].guardOff && b === GUARD_OFF ? '-' : ratioCell(vals[a], vals[b], f.better))),
    ]);
  }
  return table(head, rows);
}

/** Our compatibility matrix (the harness's `compat` scenario), with a note where a failure is the harness's. */
function compatLines(R) {
  const c = R?.scenarios?.compat;
  if (!c || c.skipped) return [];
  const urlTemplate = R.meta?.urlTemplate ?? '';
  const tail = urlTemplate.slice(urlTemplate.indexOf('{room}') + '{room}'.length);
  const rows = Object.entries(c).map(([client, v]) => {
    let note = v.error ?? '';
    if (/WebsocketProvider/.test(client) && !(v.synced && v.received) && tail) {
      // lib/client.mjs: base = url minus its last len(room) characters; the provider opens base + '/' + room.
      const room = 'bench-xxxxxx-compat-0';
      const url = urlTemplate.replace('{room}', room);
      const opened = `${url.slice(0, url.length - room.length).replace(/\/$/, '')}/${room}`;
      note +=
        (note ? '; ' : '') +
        `a harness limitation, not the server: its provider client cuts len(room) characters off the end of the ` +
        `URL, so with "${tail}" after {room} it opens ${opened} (no token; our server answers 404)`;
    }
    if (/hocuspocus/i.test(client) && !(v.synced && v.received)) {
      note += (note ? '; ' : '') + 'expected: Hocuspocus framing, not y-websocket';
    }
    return [client, String(v.synced), String(v.received), note.replace(/\|/g, '\\|').slice(0, 400)];
  });
  return [table(['client', 'synced', 'edit received', 'error / note'], rows)];
}

/** Our server's log lines at warn level and above (pino JSON), deduplicated, and any non-JSON output. */
export function serverLogProblems(logFile) {
  if (!logFile || !fs.existsSync(logFile)) return [];
  const groups = new Map();
  const raw = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      if (raw.length < 30) raw.push(line.slice(0, 300));
      continue;
    }
    if (!(entry.level >= 40)) continue;
    if (entry.msg === 'no built client found; serving the API only') continue; // the harness has no dist/client
    const key = `${entry.level} ${entry.msg} ${entry.err?.message ?? ''}`;
    const g = groups.get(key) ?? { count: 0, first: line.slice(0, 600) };
    g.count++;
    groups.set(key, g);
  }
  const out = [...groups.values()].map((g) => `${g.count} x ${g.first}`);
  if (raw.length) out.push(...raw.map((l) => `(not JSON) ${l}`));
  return out;
}

/** Everything in a result that points at a server problem (or a harness error), as lines of text. */
export function resultProblems(R) {
  const out = [];
  const S = R?.scenarios ?? {};
  for (const p of S.fanout?.points ?? []) {
    const at = `fan-out D=${p.docs} C=${p.clientsPerRoom}`;
    if (p.error) out.push(`${at}: error: ${p.error}`);
    for (const e of p.errors ?? []) if (e !== p.error) out.push(`${at}: repeat error: ${e}`);
    if (p.connectFailed > 0) out.push(`${at}: ${p.connectFailed} clients failed to connect`);
    if (p.disconnectedDuringRun > 0) out.push(`${at}: ${p.disconnectedDuringRun} clients disconnected during the run`);
    if (p.missingDeliveries > 0) {
      const where = p.overLimit ? ' (an overloaded point: p99 over the limit)' : '';
      out.push(`${at}: ${p.missingDeliveries} deliveries missing${where}`);
    }
  }
  if (S.sync?.error) out.push(`sync: error: ${S.sync.error}`);
  if (S.sync?.load && S.sync.load.uploadVerified === false) out.push('sync: the uploaded document was not verified');
  for (const k of ['sequential', 'concurrent']) {
    const m = S.sync?.measure?.[k];
    if (m && m.ok < m.n)
      out.push(`sync ${k}: ${m.n - m.ok} of ${m.n} fresh clients failed: ${(m.errors ?? []).join('; ')}`);
  }
  for (const st of S.idle?.steps ?? []) {
    if (st.error) out.push(`idle: error: ${st.error}`);
    if (st.connectFailed > 0) out.push(`idle ${st.clients}: ${st.connectFailed} clients failed to connect`);
    if (num(st.stillConnected) && st.stillConnected < st.clients) {
      out.push(`idle ${st.clients}: only ${st.stillConnected} still connected`);
    }
  }
  if (S.restart?.skipped) out.push(`restart: skipped: ${S.restart.skipped}`);
  for (const m of S.restart?.modes ?? []) {
    if (m.error) out.push(`restart ${m.mode}: error: ${m.error}`);
    else if (m.lost > 0) out.push(`restart ${m.mode}: ${m.lost} of ${m.totalEdits} edits lost`);
  }
  for (const [client, v] of Object.entries(S.compat ?? {})) {
    // Only the raw y-websocket-framing client can work with a token in the URL (see the compat table).
    if (/y-websocket framing/.test(client) && !(v.synced && v.received)) {
      out.push(`compat ${client}: synced=${v.synced} received=${v.received} ${v.error ?? ''}`);
    }
  }
  for (const [name, s] of Object.entries(S))
    if (s?.skipped && name !== 'restart') out.push(`${name}: skipped: ${s.skipped}`);
  return out;
}

/** The whole markdown summary. */
export function renderSummary({ results, targets, ours, peers, runs, quick, scenarios, outDir, started }) {
  const md = [];
  const any = Object.values(results).find(Boolean);
  md.push(`# Collaboration benchmark: ${targets.join(', ')} (${quick ? 'quick' : 'full'})`);
  md.push('');
  md.push(
    `Started ${started}; harness ../shared/bench/collab (collab-bench), scenarios \`${scenarios}\`; ` +
      `${any ? `node ${any.meta.node}, ${any.meta.cpus} CPUs (${any.meta.cpuModel})` : 'no results'}. ` +
      `Result files: \`${outDir}\`.`,
  );
  md.push('');
  md.push(
    'Ratios are ours / peer; "(better)"/"(worse)" for our server. `tandem` runs with the update guard on ' +
      '(the real configuration), `tandem-noguard` with `TANDEM_COLLAB_GUARD=off`; `tandem / tandem-noguard` is ' +
      'what the guard costs. "(guard off)" in the tandem column: that scenario\'s clients write a root ' +
      "Y.Text, which the document model refuses, so the figure is tandem-noguard's. `*` = the point was " +
      'measured while other processes used more than 0.3 cores (noisy); "error" = the harness reported an ' +
      'error (see Problems). Compare ratios from the same sitting, not absolute times across runs.',
  );
  if (quick) {
    md.push('');
    md.push(
      '**Quick run**: shorter sweep points (3 s measured), fewer edits in the restart test, fewer syncs, no knee ' +
        'search beyond the quick sweep (so the knees are only bounds). Use a full run for real numbers.',
    );
  }
  md.push('');
  md.push(comparisonTable(results, targets, ours, peers));
  md.push('');
  md.push('Targets:');
  md.push('');
  for (const t of targets) {
    const r = runs[t] ?? {};
    const R = results[t];
    const status = R
      ? `${R.meta.quick ? 'quick' : 'full'} run of ${Object.keys(R.scenarios).join(',')}, ${fmt(R.meta.elapsedS, 0)} s`
      : 'no result file';
    md.push(`- ${t}: harness exit code ${r.exitCode ?? '-'}, ${status}${r.file ? `, \`${r.file}\`` : ''}`);
  }
  md.push('');
  const docsSweep = any?.meta?.options?.docsSweep ?? [];
  md.push(
    `Notes: documents of 10 clients swept: ${docsSweep.join(', ') || '-'}` +
      (docsSweep.includes(20) ? '' : ' (no 20-document point in this run)') +
      `; fan-out clients type into ${any?.meta?.docType === 'xml' ? 'a paragraph of the default XmlFragment' : 'a root Y.Text'}` +
      '. In the fan-out, sync and idle scenarios our server stores every update in SQLite ' +
      '(`TANDEM_DATA_DIR` is empty there, so it uses `./data` in the harness copy), while the peers run without ' +
      'persistence in those scenarios.',
  );

  md.push('');
  md.push('## Problems');
  md.push('');
  let reported = false;
  for (const t of targets) {
    const R = results[t];
    const lines = [];
    if (runs[t]?.exitCode) lines.push(`harness exited with code ${runs[t].exitCode}`);
    if (!R) lines.push('no result file (see the harness output above)');
    else lines.push(...resultProblems(R));
    const logLines = ours.includes(t) ? serverLogProblems(runs[t]?.serverLog) : [];
    if (logLines.length)
      lines.push(`server log \`${runs[t].serverLog}\`, warn and above, deduplicated (count x first line):`);
    if (!lines.length) continue;
    reported = true;
    md.push(`${t}:`);
    md.push('');
    for (const l of lines) md.push(`- ${l}`);
    if (logLines.length) md.push('', '```text', ...logLines, '```');
    md.push('');
  }
  if (!reported) md.push('none seen.');
  const compatOf = ours.map((t) => results[t]).find((R) => R?.scenarios?.compat);
  if (compatOf) {
    md.push('');
    md.push(`## Protocol compatibility of our server (harness \`compat\`, ${compatOf.meta.label})`);
    md.push('');
    md.push(...compatLines(compatOf));
  }
  return md.join('\n') + '\n';
}
