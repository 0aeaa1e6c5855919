#!/usr/bin/env node
// `npm run bench:collab`: measures our collaboration server with the shared harness (../shared/bench/collab)
// beside the two reference peers (y-websocket reference server, Hocuspocus) in one sitting, and prints
// (and writes to bench-results/collab-summary-<time>.md) our figures, the peers' and the ratios.
// Run `npm run bench:collab -- --help`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clusterSize,
  clusterTarget,
  ensureServerBuild,
  findResultFile,
  interrupted,
  isOurTarget,
  prepareHarness,
  runHarness,
  targetArgs,
} from './bench/collab-harness.mjs';
import { renderSummary } from './bench/collab-report.mjs';

const TARGETS = ['tandem', 'tandem-noguard', 'y-websocket', 'hocuspocus'];
const PEERS = ['y-websocket', 'hocuspocus'];
/** The harness's default sweep of rooms of 10 clients plus D=20, one of the figures we report. */
const FULL_DOCS_SWEEP = '1,10,20,50,100,200';
const DEFAULT_SCENARIOS = 'fanout,sync,idle,restart,compat';
/**
 * Scenarios whose writes the document model refuses, whatever the harness options: the compat clients
 * type into a root Y.Text (the harness's --doc-type xml covers fanout, sync and restart). Against the
 * guard they are closed with 4415, so our server runs them with the guard off.
 */
const MODEL_INVALID_SCENARIOS = new Set(['compat']);

const HELP = `npm run bench:collab -- [options] [-- extra harness options]

Runs ../shared/bench/collab (copied to bench-results/collab-harness/, npm ci there once) against our
server (dist-server/main.js, or TANDEM_SERVER_OUT; built first when older than server/src or shared/src)
and the peers y-websocket and hocuspocus, one after the other, then prints a comparison and writes it to
bench-results/collab-summary-<time>.md. Harness result files go to bench-results/collab/<time>/.

Targets: tandem (our server, update guard on), tandem-noguard (TANDEM_COLLAB_GUARD=off), y-websocket,
hocuspocus, and with --instances N: tandem-xN (N instances on PostgreSQL + Redis behind a round-robin TCP
balancer, HAProxy when installed, scripts/scale/cluster.mjs; guard on; it runs the same scenarios as tandem). Every target types
into a paragraph of the "default" XmlFragment (harness --doc-type xml, which covers fanout, sync and restart),
which the document model allows. The compat scenario's clients write a root Y.Text that the model refuses
(no harness option changes that), so it runs on tandem-noguard and the summary shows those figures in the
tandem column marked "(guard off)".

  --guard on|off|both     on (default): tandem runs fanout, sync, idle and restart, tandem-noguard only
                          compat; both: tandem-noguard runs every scenario too (the guard's cost in
                          every row); off: only tandem-noguard
  --quick                 pass --quick to the harness (smoke run, about 2 min per target)
  --instances N[,M]       also run tandem-xN: N instances (each room's clients spread over all of them,
                          no affinity) beside the single instance and the peers; the summary adds the
                          ratios tandem-xN / tandem and checks issue 27's scale-out targets
  --only T                run only target T (${TARGETS.join(', ')},
                          tandem-xN); repeatable or T1,T2
  --scenarios LIST        harness scenarios (default: ${DEFAULT_SCENARIOS})
  --doc-type xml|text     what the fan-out clients type into (default xml; text only with --guard off)
  --max-seconds S         per-target harness budget (harness default: full 600, quick 120)
  --server-entry FILE     run this server build as is (no build), e.g. an older commit's for comparison
  --node-args ARGS        node flags for our server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  --summarize DIR         do not run anything: summarize the newest result of each target in DIR
  --help
  -- ARGS                 everything after -- goes to every harness run (see its --help), e.g.
                          -- --docs-sweep 200 --clients-sweep none --no-extend

Full runs pass --docs-sweep ${FULL_DOCS_SWEEP} (the harness default lacks 20 documents).
The harness waits for a quiet machine before each point and retries noisy points.`;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(repo, '../shared/bench/collab');
const work = path.join(repo, 'bench-results', 'collab-harness');

function log(msg) {
  process.stderr.write(`[bench:collab] ${msg}\n`);
}

function instanceCount(v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`--instances: ${v} is not a count of 1..16`);
  return n;
}

/** Every target of this sitting in its order: ours single, ours clustered, then the peers. */
function allTargets(opt) {
  const clusters = opt.instances.map(clusterTarget);
  return [...TARGETS.filter((t) => !PEERS.includes(t)), ...clusters, ...PEERS];
}

export function parseArgs(argv) {
  const o = { quick: false, only: [], guard: 'on', docType: 'xml', extra: [], instances: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || (v.startsWith('--') && a !== '--node-args')) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--') {
      o.extra = argv.slice(i + 1);
      break;
    } else if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--quick') o.quick = true;
    else if (a === '--only') o.only.push(...value().split(','));
    else if (a === '--instances') o.instances.push(...value().split(',').map(instanceCount));
    else if (a === '--guard') o.guard = value();
    else if (a === '--scenarios') o.scenarios = value();
    else if (a === '--doc-type') o.docType = value();
    else if (a === '--max-seconds') o.maxSeconds = value();
    else if (a === '--server-entry') o.serverEntry = path.resolve(value());
    else if (a === '--node-args') o.nodeArgs = value();
    else if (a === '--summarize') o.summarize = value();
    else throw new Error(`unknown option ${a} (see --help)`);
  }
  for (const t of o.only) {
    // --only tandem-x3 implies --instances 3.
    const n = clusterSize(t);
    if (n !== undefined) o.instances.push(instanceCount(String(n)));
    else if (!TARGETS.includes(t)) throw new Error(`--only: unknown target ${t} (${TARGETS.join(', ')}, tandem-xN)`);
  }
  o.instances = [...new Set(o.instances)].sort((a, b) => a - b);
  if (!['on', 'off', 'both'].includes(o.guard)) throw new Error('--guard on|off|both');
  if (!['xml', 'text'].includes(o.docType)) throw new Error('--doc-type xml|text');
  if (o.docType === 'text' && o.guard !== 'off') {
    throw new Error('--doc-type text writes a root Y.Text, which the update guard refuses: add --guard off');
  }
  if (o.docType === 'text' && o.instances.length)
    throw new Error('--instances runs with the guard on: no --doc-type text');
  if (o.extra.includes('--doc-type')) throw new Error('use --doc-type before --, so every target gets the same');
  if (o.serverEntry && !fs.existsSync(o.serverEntry)) throw new Error(`--server-entry: no file ${o.serverEntry}`);
  return o;
}

/** The scenarios each target runs, in the order of the sitting (empty: the target does not run). */
export function plan(opt) {
  const scenarios = (opt.scenarios ?? DEFAULT_SCENARIOS).split(',').filter(Boolean);
  const valid = scenarios.filter((s) => !MODEL_INVALID_SCENARIOS.has(s));
  const invalid = scenarios.filter((s) => MODEL_INVALID_SCENARIOS.has(s));
  const byTarget = {
    ...Object.fromEntries(opt.instances.map((n) => [clusterTarget(n), valid])),
    tandem: opt.guard === 'off' ? [] : valid,
    'tandem-noguard': opt.guard === 'on' ? invalid : scenarios,
    'y-websocket': scenarios,
    hocuspocus: scenarios,
  };
  const targets = allTargets(opt);
  const chosen = opt.only.length ? targets.filter((t) => opt.only.includes(t)) : targets;
  return chosen.map((t) => ({ target: t, scenarios: byTarget[t] })).filter((p) => p.scenarios.length > 0);
}

const stampNow = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

function readResult(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    log(`cannot read ${file}: ${e.message}`);
    return undefined;
  }
}

function collect(dir, targets, runs) {
  const results = {};
  for (const t of targets) {
    const file = findResultFile(dir, t);
    runs[t] ??= {};
    if (!file) continue;
    const R = readResult(file);
    if (!R) continue;
    results[t] = R;
    runs[t].file = path.relative(repo, file);
    const serverLog = file.replace(/\.json$/, '-server.log');
    if (fs.existsSync(serverLog)) runs[t].serverLog = path.relative(repo, serverLog);
  }
  return results;
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  if (opt.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const started = new Date().toISOString();
  const runs = {};
  let outDir;
  let targets;

  if (opt.summarize) {
    outDir = path.resolve(opt.summarize);
    const found = fs
      .readdirSync(outDir)
      .map((f) => /^(tandem-x\d+)-\d{4}-/.exec(f)?.[1])
      .filter(Boolean)
      .map(clusterSize);
    const all = allTargets({ ...opt, instances: [...new Set([...opt.instances, ...found])].sort((a, b) => a - b) });
    targets = all.filter((t) => (opt.only.length ? opt.only.includes(t) : findResultFile(outDir, t)));
  } else {
    const steps = plan(opt);
    targets = steps.map((s) => s.target);
    if (!targets.length) throw new Error('nothing to run: check --only, --guard and --scenarios');
    prepareHarness({ source, work, log });
    const ours = targets.some(isOurTarget);
    const serverEntry = ours ? (opt.serverEntry ?? ensureServerBuild({ repo, log })) : undefined;
    outDir = path.join(repo, 'bench-results', 'collab', stampNow());
    fs.mkdirSync(outDir, { recursive: true });
    const common = ['--out', outDir, '--doc-type', opt.docType];
    if (opt.quick) common.push('--quick');
    else common.push('--docs-sweep', FULL_DOCS_SWEEP);
    if (opt.maxSeconds) common.push('--max-seconds', opt.maxSeconds);
    for (const { target: t, scenarios } of steps) {
      if (isOurTarget(t)) {
        // TANDEM_DATA_DIR is empty outside the restart scenario: the server then uses ./data of the harness copy.
        fs.rmSync(path.join(work, 'data'), { recursive: true, force: true });
      }
      log(`running the harness for ${t}: ${scenarios.join(',')} (results in ${path.relative(repo, outDir)})`);
      const args = [...targetArgs(t, serverEntry, opt.nodeArgs), ...common, '--scenarios', scenarios.join(',')];
      // Later options win in the harness's parser.
      const exitCode = await runHarness({ work, args: [...args, ...opt.extra] });
      runs[t] = { exitCode };
      if (exitCode !== 0) log(`${t}: the harness exited with code ${exitCode}`);
      if (interrupted()) {
        log(`interrupted (${interrupted()}): not starting the remaining targets`);
        break;
      }
    }
  }

  const results = collect(outDir, targets, runs);
  const anyResult = Object.values(results)[0];
  const ranScenarios = [...new Set(Object.values(results).flatMap((R) => Object.keys(R.scenarios ?? {})))];
  const scenarios = opt.scenarios ?? (ranScenarios.length ? ranScenarios.join(',') : DEFAULT_SCENARIOS);
  const quick = opt.summarize ? Boolean(anyResult?.meta?.quick) : opt.quick;
  const md = renderSummary({
    results,
    targets,
    ours: targets.filter(isOurTarget),
    peers: targets.filter((t) => PEERS.includes(t)),
    runs,
    quick,
    scenarios,
    outDir: path.relative(repo, outDir) || '.',
    started,
  });
  const summaryFile = path.join(repo, 'bench-results', `collab-summary-${stampNow()}.md`);
  fs.mkdirSync(path.dirname(summaryFile), { recursive: true });
  fs.writeFileSync(summaryFile, md);
  process.stdout.write(`\n${md}\n`);
  log(`summary written to ${path.relative(repo, summaryFile)}`);
  const failed = targets.filter((t) => !results[t] || runs[t]?.exitCode);
  if (failed.length) log(`no complete result for: ${failed.join(', ')}`);
  if (interrupted()) return 130;
  return failed.length ? 1 : 0;
}

// Imported by its tests: run only as the script.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      log(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    },
  );
}
