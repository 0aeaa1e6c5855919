// Turns the harness's result files (results/<label>-<time>.json, see lib/report.mjs and bin/summarize.mjs in
// ../shared/bench/collab) into the summary `npm run bench:collab` prints: our figures (update guard on and
// off) beside the peers', with the ratios ours/peer, plus the problems our server showed (harness errors
// and its own log lines).
import fs from 'node:fs';

/** Where the guard-on target has no figure of a scenario the model refuses, the guard-off one stands in. */
const GUARD_ON = 'tandem';
const GUARD_OFF = 'tandem-noguard';
const MODEL_INVALID = new Set(['compat']);
/** `tandem-xN`: N instances behind scripts/scale/cluster.mjs. */
const isCluster = (t) => /^tandem-x\d+$/.test(t);

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
    // The largest single-document point any target measured beyond the fixed rows (e.g. 1,500 clients).
    observers:
      Math.max(
        0,
        ...Object.values(results).flatMap((R) =>
          (R?.scenarios?.fanout?.points ?? [])
            .filter((p) => p.docs === 1 && p.clientsPerRoom > 200)
            .map((p) => p.clientsPerRoom),
        ),
      ) || undefined,
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
  if (ctx.observers) latency.push([1, ctx.observers, 'clients']);
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
    label: 'deliveries missing after the drain, all fan-out points',
    unit: 'edits',
    better: 'lower',
    scenario: 'fanout',
    get: (R) => {
      const pts = R?.scenarios?.fanout?.points?.filter((p) => !p.error) ?? [];
      if (!pts.length) return { value: undefined, mark: '' };
      return { value: pts.reduce((a, p) => a + (p.missingDeliveries ?? 0), 0) };
    },
  });
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
  // A cluster is compared with our single instance (what scaling out costs), not with the peers.
  const pairs = oursShown
    .filter((o) => !isCluster(o))
    .flatMap((o) => peers.filter((p) => results[p]).map((p) => [o, p]));
  if (results[GUARD_ON] && results[GUARD_OFF]) pairs.push([GUARD_ON, GUARD_OFF]);
  if (results[GUARD_ON]) for (const c of oursShown.filter(isCluster)) pairs.push([c, GUARD_ON]);
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

/** Issue 27 point 7: the scale-out targets, a cluster target against our single instance. */
export const SCALE_GOALS = { p50PlusMs: 2, p99PlusMs: 5, observersP99Ms: 45, observers: 1500, cpuRatio: 1.3 };

/** The fan-out points two results share (same D, C and sweep axis), both without error. */
function commonPoints(A, B) {
  const key = (p) => `${p.axis}:${p.docs}x${p.clientsPerRoom}`;
  const b = new Map((B?.scenarios?.fanout?.points ?? []).filter((p) => !p.error).map((p) => [key(p), p]));
  return (A?.scenarios?.fanout?.points ?? []).filter((p) => !p.error && b.has(key(p))).map((p) => [p, b.get(key(p))]);
}

const noisyMark = (...ps) => (ps.some((p) => p?.noisy) ? ' *' : '');
const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? 'met' : 'NOT met');

/** Rows [check, cluster, single, goal, verdict] for one cluster target. */
export function scaleOutRows(cluster, single) {
  const g = SCALE_GOALS;
  const rows = [];
  const at50 = [point(cluster, 1, 50, 'clients'), point(single, 1, 50, 'clients')];
  const [c50, s50] = at50.map((p) => (p && !p.error ? p : undefined));
  const latency = (name, pick, plus) => {
    const ok = c50 && s50 && num(pick(c50)) && num(pick(s50)) ? pick(c50) <= pick(s50) + plus : undefined;
    rows.push([
      `fan-out ${name}, 1 doc x 50 clients (ms)`,
      `${fmt(c50 && pick(c50))}${noisyMark(c50)}`,
      `${fmt(s50 && pick(s50))}${noisyMark(s50)}`,
      `<= single + ${plus} ms`,
      verdict(ok),
    ]);
  };
  latency('p50', (p) => p.fanout?.p50, g.p50PlusMs);
  latency('p99', (p) => p.fanout?.p99, g.p99PlusMs);
  const cpu50 = c50?.server?.cpuUtil;
  const cpuS50 = s50?.server?.cpuUtil;
  rows.push([
    'server CPU, 1 doc x 50 clients (cores)',
    `${fmt(cpu50, 3)}${noisyMark(c50)}`,
    `${fmt(cpuS50, 3)}${noisyMark(s50)}`,
    `ratio <= ${g.cpuRatio}`,
    num(cpu50) && num(cpuS50) && cpuS50 > 0
      ? `${(cpu50 / cpuS50).toFixed(2)}x: ${verdict(cpu50 / cpuS50 <= g.cpuRatio)}`
      : verdict(undefined),
  ]);
  // Same load: every fan-out point both measured, CPU seconds over equal windows.
  const common = commonPoints(cluster, single).filter(([a, b]) => num(a.server?.cpuS) && num(b.server?.cpuS));
  const sumC = common.reduce((x, [a]) => x + a.server.cpuS, 0);
  const sumS = common.reduce((x, [, b]) => x + b.server.cpuS, 0);
  rows.push([
    `server CPU, all ${common.length} common fan-out points (s)`,
    `${fmt(sumC)}${noisyMark(...common.map(([a]) => a))}`,
    `${fmt(sumS)}${noisyMark(...common.map(([, b]) => b))}`,
    `ratio <= ${g.cpuRatio}`,
    common.length && sumS > 0
      ? `${(sumC / sumS).toFixed(2)}x: ${verdict(sumC / sumS <= g.cpuRatio)}`
      : verdict(undefined),
  ]);
  const big = (R) =>
    (R?.scenarios?.fanout?.points ?? [])
      .filter((p) => p.docs === 1 && p.clientsPerRoom >= g.observers && !p.error)
      .sort((a, b) => a.clientsPerRoom - b.clientsPerRoom)[0];
  const [cb, sb] = [big(cluster), big(single)];
  rows.push([
    `fan-out p99, 1 doc x ${cb?.clientsPerRoom ?? g.observers.toLocaleString('en-US')} clients (ms)`,
    cb ? `${fmt(cb.fanout?.p99)}${noisyMark(cb)}` : '-',
    sb ? `${fmt(sb.fanout?.p99)}${noisyMark(sb)}` : '-',
    `<= ${g.observersP99Ms} ms`,
    cb ? verdict(cb.fanout?.p99 <= g.observersP99Ms) : 'not measured',
  ]);
  const lost = (R) => {
    const pts = (R?.scenarios?.fanout?.points ?? []).filter((p) => !p.error);
    if (!pts.length) return undefined;
    return pts.reduce((x, p) => x + (p.missingDeliveries ?? 0), 0);
  };
  const [lc, ls] = [lost(cluster), lost(single)];
  rows.push([
    'deliveries missing after the drain, all fan-out points',
    fmt(lc, 0),
    fmt(ls, 0),
    '0',
    lc === undefined ? verdict(undefined) : verdict(lc === 0),
  ]);
  return rows;
}

function scaleOutSection(results, clusters) {
  const single = results[GUARD_ON];
  const out = [];
  for (const c of clusters.filter((t) => results[t])) {
    out.push(`### ${c} against tandem (one instance)`, '');
    if (!single) {
      out.push('No `tandem` result in this sitting: nothing to compare with.', '');
      continue;
    }
    out.push(table(['check', c, 'tandem', 'goal', 'verdict'], scaleOutRows(results[c], single)), '');
  }
  return out;
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
      'what the guard costs. "(guard off)" in the tandem column: that scenario\'s clients (compat) write a ' +
      "root Y.Text, which the document model refuses, so the figure is tandem-noguard's. `*` = the point was " +
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

  const clusters = ours.filter(isCluster);
  if (clusters.length) {
    md.push('');
    md.push('## Scale-out (issue 27 point 7)');
    md.push('');
    md.push(
      '`tandem-xN`: `scripts/scale/cluster.mjs` starts PostgreSQL 15 (the `postgres` server as its direct child, ' +
        'not daemonized by pg_ctl, so it and its backends are inside the measured process tree), redis-server, N ' +
        'instances of the same build (guard on, `DATABASE_URL`, `REDIS_URL`, one `TANDEM_SECRET`) and a ' +
        'round-robin TCP balancer on the harness port (HAProxy when installed, one thread; else a Node proxy): ' +
        "each new connection goes to the next instance, so every room's clients are spread over all of them " +
        '(no affinity). Its server CPU and RSS are the whole tree: instances, PostgreSQL, Redis and the ' +
        'balancer (which a real deployment runs on its own machine). ' +
        '`tandem` stores in SQLite; `tandem-x1` (one instance through the same launcher) separates the cost of ' +
        'PostgreSQL + Redis + proxy from the cost of more instances. `*` = noisy point. Goals from the issue: ' +
        `p50 <= single + ${SCALE_GOALS.p50PlusMs} ms and p99 <= single + ${SCALE_GOALS.p99PlusMs} ms at 50 clients ` +
        `in one document, ${SCALE_GOALS.observers.toLocaleString('en-US')} clients of one document p99 <= ` +
        `${SCALE_GOALS.observersP99Ms} ms (the harness has no observe-only clients: every client types, so a ` +
        `point of that size needs a long \`--interval-ms\`), CPU <= ${SCALE_GOALS.cpuRatio}x one instance for ` +
        'the same load, no lost edits.',
    );
    md.push('');
    md.push(...scaleOutSection(results, clusters));
  }
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
