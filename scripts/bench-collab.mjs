#!/usr/bin/env node
// `npm run bench:collab`: measures our collaboration server with the shared harness (../shared/bench/collab)
// beside the two reference peers (y-websocket reference server, Hocuspocus) in one sitting, and prints
// (and writes to bench-results/collab-summary-<time>.md) our figures, the peers' and the ratios.
// Run `npm run bench:collab -- --help`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensureServerBuild,
  findResultFile,
  interrupted,
  prepareHarness,
  runHarness,
  targetArgs,
} from './bench/collab-harness.mjs';
import { renderSummary } from './bench/collab-report.mjs';

const TARGETS = ['tandem', 'y-websocket', 'hocuspocus'];
/** The harness's default sweep of rooms of 10 clients plus D=20, one of the figures we report. */
const FULL_DOCS_SWEEP = '1,10,20,50,100,200';

const HELP = `npm run bench:collab -- [options] [-- extra harness options]

Runs ../shared/bench/collab (copied to bench-results/collab-harness/, npm ci there once) against our
server (dist-server/main.js, built first when older than server/src or shared/src) and the peers
y-websocket and hocuspocus, one after the other, then prints a comparison and writes it to
bench-results/collab-summary-<time>.md. Harness result files go to bench-results/collab/<time>/.

  --quick                 pass --quick to the harness (smoke run, about 2 min per target)
  --only T                run only target T (tandem, y-websocket, hocuspocus); repeatable or T1,T2
  --scenarios LIST        harness scenarios (default: its own, fanout,sync,idle,restart,compat)
  --max-seconds S         per-target harness budget (harness default: full 600, quick 120)
  --summarize DIR         do not run anything: summarize the newest result of each target in DIR
  --help
  -- ARGS                 everything after -- goes to every harness run (see its --help), e.g.
                          -- --docs-sweep 20 --clients-sweep 50 --no-extend

Full runs pass --docs-sweep ${FULL_DOCS_SWEEP} (the harness default lacks 20 documents).
The harness waits for a quiet machine before each point and retries noisy points.`;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(repo, '../shared/bench/collab');
const work = path.join(repo, 'bench-results', 'collab-harness');

function log(msg) {
  process.stderr.write(`[bench:collab] ${msg}\n`);
}

function parseArgs(argv) {
  const o = { quick: false, only: [], scenarios: undefined, maxSeconds: undefined, summarize: undefined, extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--') {
      o.extra = argv.slice(i + 1);
      break;
    } else if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--quick') o.quick = true;
    else if (a === '--only') o.only.push(...value().split(','));
    else if (a === '--scenarios') o.scenarios = value();
    else if (a === '--max-seconds') o.maxSeconds = value();
    else if (a === '--summarize') o.summarize = value();
    else throw new Error(`unknown option ${a} (see --help)`);
  }
  for (const t of o.only)
    if (!TARGETS.includes(t)) throw new Error(`--only: unknown target ${t} (${TARGETS.join(', ')})`);
  return o;
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
  let targets = opt.only.length ? TARGETS.filter((t) => opt.only.includes(t)) : TARGETS;
  if (opt.summarize && !opt.only.length)
    targets = TARGETS.filter((t) => findResultFile(path.resolve(opt.summarize), t));
  const started = new Date().toISOString();
  const runs = {};
  let outDir;

  if (opt.summarize) {
    outDir = path.resolve(opt.summarize);
  } else {
    prepareHarness({ source, work, log });
    const serverEntry = targets.includes('tandem') ? ensureServerBuild({ repo, log }) : undefined;
    outDir = path.join(repo, 'bench-results', 'collab', stampNow());
    fs.mkdirSync(outDir, { recursive: true });
    const common = ['--out', outDir];
    if (opt.quick) common.push('--quick');
    else common.push('--docs-sweep', FULL_DOCS_SWEEP);
    if (opt.scenarios) common.push('--scenarios', opt.scenarios);
    if (opt.maxSeconds) common.push('--max-seconds', opt.maxSeconds);
    common.push(...opt.extra); // later options win in the harness's parser
    for (const t of targets) {
      if (t === 'tandem') {
        // TANDEM_DATA_DIR is empty outside the restart scenario: the server then uses ./data of the harness copy.
        fs.rmSync(path.join(work, 'data'), { recursive: true, force: true });
      }
      log(`running the harness for ${t} (results in ${path.relative(repo, outDir)})`);
      const exitCode = await runHarness({ work, args: [...targetArgs(t, serverEntry), ...common] });
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
  const scenarios =
    opt.scenarios ?? (anyResult ? Object.keys(anyResult.scenarios).join(',') : 'fanout,sync,idle,restart,compat');
  const quick = opt.summarize ? Boolean(anyResult?.meta?.quick) : opt.quick;
  const md = renderSummary({
    results,
    targets,
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    log(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  },
);
