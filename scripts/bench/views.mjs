// The time to open the code view and the Markdown view on the harness's 200 KB document: from the click
// (or the peer's toggle call) to the first frame painted with the view's text, first open (its code loads
// on demand) and second open. Ours on a seeded Tandem document; beside it Froala's own code view and
// Markdown view, and plain Tiptap's `getHTML()` (the least any code view over Tiptap must do) on the
// harness pages, all in one browser, one sitting.
import fs from 'node:fs';
import path from 'node:path';

/* global window -- evaluated inside the page */

/** In the page: runs `start`, then resolves with the ms until `ready()` holds and one frame has painted. */
const TIMED_OPEN = `(async ({ start, ready }) => {
  const startFn = new Function(start);
  const readyFn = new Function('return (' + ready + ')');
  const t0 = performance.now();
  startFn();
  await new Promise((resolve, reject) => {
    const limit = t0 + 60000;
    const poll = () => {
      if (readyFn()) resolve();
      else if (performance.now() > limit) reject(new Error('view did not open'));
      else requestAnimationFrame(poll);
    };
    poll();
  });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - t0;
})`;

async function timedOpen(page, start, ready) {
  return page.evaluate(`${TIMED_OPEN}(${JSON.stringify({ start, ready })})`);
}

const OURS = {
  code: {
    open: `document.querySelector('[data-item="html"]').click()`,
    ready: `!!document.querySelector('.code-view .cm-content .cm-line') && !document.querySelector('.code-view-loading')`,
    close: `document.querySelector('.code-view-leave').click()`,
    closed: `!document.querySelector('.code-view')`,
  },
  markdown: {
    open: `document.querySelector('[data-item="markdown"]').click()`,
    ready: `!!document.querySelector('.markdown-pane .cm-content .cm-line') && !document.querySelector('.markdown-status')`,
    close: `document.querySelector('[data-item="markdown"]').click()`,
    closed: `!document.querySelector('.markdown-pane')`,
  },
};

const FROALA = {
  code: {
    open: `window.__benchEditor.codeView.toggle()`,
    ready: `window.__benchEditor.codeView.isActive() && !!document.querySelector('.fr-code')`,
    close: `window.__benchEditor.codeView.toggle()`,
    closed: `!window.__benchEditor.codeView.isActive()`,
  },
  markdown: {
    open: `window.__benchEditor.markdown.toggle()`,
    ready: `window.__benchEditor.markdown.isEnabled() && (document.querySelector('.fr-markdown-view')?.childElementCount ?? 0) > 0`,
    close: `window.__benchEditor.markdown.toggle()`,
    closed: `!window.__benchEditor.markdown.isEnabled()`,
  },
};

async function twoOpens(page, view) {
  const first = await timedOpen(page, view.open, view.ready);
  await timedOpen(page, view.close, view.closed);
  const second = await timedOpen(page, view.open, view.ready);
  await timedOpen(page, view.close, view.closed);
  return { first, second };
}

async function newPage(browser, init) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  if (init) await context.addInitScript({ content: init });
  return { context, page: await context.newPage() };
}

/** Ours: `urls` are fresh seeded documents (one per repetition). */
async function measureOurs(browser, urls) {
  const samples = [];
  for (const url of urls) {
    const { context, page } = await newPage(browser);
    await page.goto(url);
    await page.waitForFunction(() => window.__tandem?.editor?.getText().includes('BENCHEND'), null, {
      timeout: 120_000,
    });
    const code = await twoOpens(page, OURS.code);
    const markdown = await twoOpens(page, OURS.markdown);
    samples.push({ code, markdown });
    await context.close();
  }
  return samples;
}

async function measurePeer(browser, harnessOrigin, probe, name, reps) {
  const samples = [];
  for (let i = 0; i < reps; i++) {
    const { context, page } = await newPage(browser, probe);
    const doc = `${harnessOrigin}/docs/large.html`;
    await page.goto(`${harnessOrigin}/${name}/?benchDoc=${encodeURIComponent(doc)}`);
    await page.waitForFunction(() => window.__benchEditor !== undefined, null, { timeout: 120_000 });
    if (name === 'froala') {
      const code = await twoOpens(page, FROALA.code);
      const hasMarkdown = await page.evaluate(() => typeof window.__benchEditor.markdown?.toggle === 'function');
      const markdown = hasMarkdown ? await twoOpens(page, FROALA.markdown).catch(() => null) : null;
      samples.push({ code, markdown });
    } else {
      // Plain Tiptap has no code view: the serialization any view over it starts with.
      const html = await page.evaluate(() => {
        const t0 = performance.now();
        window.__benchEditor.getHTML();
        return performance.now() - t0;
      });
      samples.push({ code: { first: html, second: html }, markdown: null });
    }
    await context.close();
  }
  return samples;
}

const median = (values) => {
  const a = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  if (a.length === 0) return NaN;
  const mid = Math.floor(a.length / 2);
  return a.length % 2 ? a[mid] : (a[mid - 1] + a[mid]) / 2;
};

/**
 * Measures and returns a Markdown table. `harness` is the harness work copy (its dist/ has the pages and
 * documents; its scripts/serve.mjs serves them).
 */
export async function measureViews({ browser, harness, urls, log }) {
  const { startServer } = await import(path.join(harness, 'scripts', 'serve.mjs'));
  const probe = fs.readFileSync(path.join(harness, 'scripts', 'probe.js'), 'utf8');
  const { server, origin } = await startServer({ port: 0 });
  try {
    log(`views: ours on ${urls.length} documents`);
    const tandem = await measureOurs(browser, urls);
    log('views: froala');
    const froala = await measurePeer(browser, origin, probe, 'froala', urls.length);
    log('views: tiptap');
    const tiptap = await measurePeer(browser, origin, probe, 'tiptap', urls.length);
    const m = (samples, view, which) => median(samples.map((s) => s[view]?.[which]));
    const fmt = (v) => (Number.isFinite(v) ? v.toFixed(v >= 100 ? 0 : 1) : 'n/a');
    const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
    const lines = [
      `Views on the 200 KB document, ${urls.length} page loads each, medians (ms, click to painted view):`,
      '',
      '| view | tandem | froala | ratio | plain Tiptap getHTML() | ratio |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    for (const [view, label] of [
      ['code', 'code view'],
      ['markdown', 'Markdown'],
    ]) {
      for (const which of ['first', 'second']) {
        const ours = m(tandem, view, which);
        const peer = m(froala, view, which);
        const floor = view === 'code' ? m(tiptap, view, which) : NaN;
        lines.push(
          `| ${label}, ${which} open | ${fmt(ours)} | ${fmt(peer)} | ${ratio(ours, peer)} | ${fmt(floor)} | ${ratio(ours, floor)} |`,
        );
      }
    }
    return lines.join('\n') + '\n';
  } finally {
    server.close();
  }
}
