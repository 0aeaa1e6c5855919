#!/usr/bin/env node
// Sums every suite of `npm test` into one line, printed last and alone: `N passed, N failed`.
//
//   node scripts/summarize-tests.mjs --step lint=0 --step build=2 \
//     --report unit=.ci-out/unit.json:0 --report e2e=.ci-out/playwright.json:1
//
// --step NAME=EXIT        a step that counts as one test (lint, typecheck, build).
// --report NAME=FILE[:EXIT]  a Vitest or Playwright JSON report, with the exit code of its run.
// A missing or unreadable report counts as one failure; so does a non-zero exit whose report shows
// no failed test (a file that did not load, an error outside tests). Exits 1 if anything failed.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** @typedef {{ name: string, passed: number, failed: number, note?: string, failures?: { title: string, lines: string[] }[] }} Row */

function parseArgs(argv) {
  const steps = [];
  const reports = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if ((flag !== '--step' && flag !== '--report') || value === undefined) {
      throw new Error(`unexpected argument: ${flag}`);
    }
    i++;
    const eq = value.indexOf('=');
    if (eq <= 0) throw new Error(`expected NAME=VALUE, got ${value}`);
    const name = value.slice(0, eq);
    const rest = value.slice(eq + 1);
    if (flag === '--step') {
      steps.push({ name, exit: Number(rest) });
    } else {
      const match = /^(.*?)(?::(-?\d+))?$/.exec(rest);
      reports.push({ name, file: match[1], exit: match[2] === undefined ? undefined : Number(match[2]) });
    }
  }
  return { steps, reports };
}

/** Counts of a Vitest (`numPassedTests`) or Playwright (`stats.expected`) JSON report. */
export function countReport(json) {
  if (json && typeof json.numPassedTests === 'number' && typeof json.numFailedTests === 'number') {
    return { passed: json.numPassedTests, failed: json.numFailedTests };
  }
  const stats = json?.stats;
  if (stats && typeof stats.expected === 'number' && typeof stats.unexpected === 'number') {
    // Flaky tests failed once and passed on retry: they count as passed.
    const errors = Array.isArray(json.errors) ? json.errors.length : 0;
    return { passed: stats.expected + (stats.flaky ?? 0), failed: stats.unexpected, errors };
  }
  throw new Error('neither a Vitest nor a Playwright JSON report');
}

const ansi = /\u001b\[[0-9;]*m/g;
const ERROR_LINES = 12;

/** The first lines of an error message, without colours. */
function firstLines(message) {
  return String(message ?? '')
    .replace(ansi, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, ERROR_LINES);
}

/**
 * Each failed test of a Vitest or Playwright JSON report with the start of its error, so that a CI log whose
 * tail is all that is kept still says what failed and why.
 * @returns {{ title: string, lines: string[] }[]}
 */
export function failuresOf(json) {
  const found = [];
  if (Array.isArray(json?.testResults)) {
    for (const file of json.testResults) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        found.push({
          title: `${file.name ?? ''} › ${test.fullName ?? test.title}`,
          lines: firstLines(test.failureMessages?.[0]),
        });
      }
    }
    return found;
  }
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.[test.results.length - 1];
        const error = result?.errors?.[0] ?? result?.error;
        found.push({
          title: `${spec.file ?? suite.file ?? ''}:${spec.line ?? ''} › ${[...path, spec.title].join(' › ')}`,
          lines: firstLines(error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of json?.suites ?? []) walk(suite, []);
  for (const error of json?.errors ?? []) found.push({ title: 'outside any test', lines: firstLines(error?.message) });
  return found;
}

/**
 * The unhandled errors that scripts/vitest-errors-reporter.mjs wrote beside a Vitest report
 * (`unit.json` → `unit.errors.json`); none when there is no such file.
 */
export function unhandledErrorsOf(reportFile) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(reportFile.replace(/\.json$/, '') + '.errors.json', 'utf8'));
  } catch {
    return [];
  }
  return (json?.errors ?? []).map((error) => ({ title: 'outside any test', lines: firstLines(error?.message) }));
}

/** @returns {Row} */
function readReport({ name, file, exit }) {
  let counts;
  let failures;
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    counts = countReport(json);
    failures = failuresOf(json);
    const unhandled = unhandledErrorsOf(file);
    failures.push(...unhandled);
    counts.errors = (counts.errors ?? 0) + unhandled.length;
  } catch (error) {
    const why = error.code === 'ENOENT' ? 'report missing' : `report unreadable (${error.message})`;
    return { name, passed: 0, failed: 1, note: `${why}: ${file}` };
  }
  const row = { name, passed: counts.passed, failed: counts.failed, failures };
  if (row.failed === 0 && ((exit !== undefined && exit !== 0) || counts.errors > 0)) {
    row.failed = 1;
    row.note = `the run failed outside any test (exit ${exit ?? '?'}); counted as one failure`;
  } else if (row.passed + row.failed === 0) {
    row.failed = 1;
    row.note = 'no tests ran; counted as one failure';
  }
  return row;
}

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`summarize-tests: ${error.message}\n`);
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(2);
  }
  /** @type {Row[]} */
  const rows = [
    ...args.steps.map(({ name, exit }) =>
      exit === 0 ? { name, passed: 1, failed: 0 } : { name, passed: 0, failed: 1, note: `exit ${exit}` },
    ),
    ...args.reports.map(readReport),
  ];
  const width = Math.max(8, ...rows.map((r) => r.name.length));
  const out = [];
  for (const r of rows) {
    for (const failure of r.failures ?? []) {
      out.push('', `FAILED (${r.name}) ${failure.title}`, ...failure.lines.map((line) => `    ${line}`));
    }
  }
  out.push('', 'Test summary');
  for (const r of rows) {
    const status = r.failed > 0 ? 'FAIL' : 'ok  ';
    const note = r.note ? `  (${r.note})` : '';
    out.push(`  ${status} ${r.name.padEnd(width)} ${r.passed} passed, ${r.failed} failed${note}`);
  }
  const passed = rows.reduce((sum, r) => sum + r.passed, 0);
  const failed = rows.reduce((sum, r) => sum + r.failed, 0);
  out.push('', `${passed} passed, ${failed} failed`);
  process.stdout.write(`${out.join('\n')}\n`);
  process.exitCode = failed > 0 || rows.length === 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
