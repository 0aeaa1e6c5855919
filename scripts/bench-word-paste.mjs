#!/usr/bin/env node
// `npm run bench:word-paste`: a 1 MB Word clipboard pasted into our editor in Chromium, answered "Clean",
// timed from the answer to the pasted end marker on screen (clean + parse + insert + Yjs + paint), and the
// paste event to the question (source detection). Prints the median of `--reps` runs (default 3).
// The clipboard is the shared Word capture `word2013-large-document.html` (149 KB), its body repeated.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureServerBuild } from './bench/collab-harness.mjs';
import { createDocument, freePort, waitHealthy } from './bench/local-server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(repo, 'bench-results', 'editor-client');
const log = (msg) => process.stderr.write(`[bench:word-paste] ${msg}\n`);
const repsArg = process.argv.indexOf('--reps');
const reps = repsArg > 0 ? Number(process.argv[repsArg + 1]) : 3;

function wordClipboard(targetBytes) {
  const source = fs.readFileSync(path.resolve(repo, '../shared/fixtures/paste/word2013-large-document.html'), 'utf8');
  const open = source.search(/<body[^>]*>/i);
  const bodyStart = source.indexOf('>', open) + 1;
  const bodyEnd = source.toLowerCase().lastIndexOf('</body>');
  const head = source.slice(0, bodyStart);
  const body = bodyEnd > bodyStart ? source.slice(bodyStart, bodyEnd) : source.slice(bodyStart);
  let html = head;
  while (html.length < targetBytes) html += body;
  return `${html}<p class=MsoNormal>WORDPASTEEND<o:p></o:p></p></body></html>`;
}

const median = (values) => {
  const a = [...values].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

const serverEntry = ensureServerBuild({ repo, log });
log('building our client into bench-results/editor-client');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: repo,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, TANDEM_BUILD_DIR: clientDir },
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-word-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverEntry], {
  cwd: repo,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TANDEM_DATA_DIR: dataDir,
    TANDEM_CLIENT_DIR: clientDir,
    LOG_LEVEL: 'warn',
  },
});
const clipboard = wordClipboard(1024 * 1024);
log(`clipboard: ${(clipboard.length / 1024).toFixed(0)} KiB of Word HTML`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const answers = [];
const questions = [];
try {
  await waitHealthy(base, server);
  for (let rep = 0; rep < reps; rep++) {
    const created = await createDocument(base, `word paste ${rep}`);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(created.editorUrl);
    await page.waitForFunction(() => window.__tandem?.editor !== undefined, null, { timeout: 60_000 });
    await page.locator('.tiptap').click();
    /* global window, document, DataTransfer, ClipboardEvent, requestAnimationFrame -- in the page */
    const asked = await page.evaluate(async (html) => {
      const start = performance.now();
      const data = new DataTransfer();
      data.setData('text/html', html);
      document
        .querySelector('.tiptap')
        ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      while (!document.querySelector('[role="alertdialog"]')) await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - start;
    }, clipboard);
    questions.push(asked);
    const answered = await page.evaluate(async () => {
      const clean = [...document.querySelectorAll('[role="alertdialog"] button')].find(
        (b) => b.textContent === 'Clean',
      );
      const start = performance.now();
      clean?.click();
      while (!document.querySelector('.tiptap')?.textContent?.includes('WORDPASTEEND')) {
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - start;
    });
    answers.push(answered);
    log(
      `run ${rep + 1}: question after ${asked.toFixed(0)} ms, cleaned and on screen ${answered.toFixed(0)} ms after "Clean"`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(
  `1 MB Word paste, median of ${reps}: question shown after ${median(questions).toFixed(0)} ms; ` +
    `cleaned, inserted and painted ${median(answers).toFixed(0)} ms after "Clean"\n`,
);
