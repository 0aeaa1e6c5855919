import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { connectClient, contentOf, waitSynced } from '../helpers/collab-client';
import { createDocument, linkPath } from './fixtures';

/**
 * Defence in depth on the client: a document that already holds hostile content (written to a server
 * without the update guard, as documents stored before it existed were) opens for an editor and a viewer
 * without a single request to another host and without running script, because every attribute is
 * rendered through the model's validators.
 */

const EVIL = 'https://evil.example';

/** A server of our build with the update guard off, on its own port and data directory. */
async function startLooseServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-loose-'));
  const entry = process.env.TANDEM_SERVER_OUT ?? 'dist-server/main.js';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TANDEM_DATA_DIR: dataDir,
      TANDEM_COLLAB_GUARD: 'off',
      LOG_LEVEL: 'warn',
      ...(process.env.TANDEM_BUILD_DIR ? { TANDEM_CLIENT_DIR: process.env.TANDEM_BUILD_DIR } : {}),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status ?? 0, { timeout: 15_000 })
    .toBe(200);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function el(
  name: string,
  attrs: Record<string, unknown>,
  children: Array<Y.XmlElement | Y.XmlText> = [],
): Y.XmlElement {
  const e = new Y.XmlElement(name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v as string);
  e.insert(0, children);
  return e;
}

function styledText(text: string, marks: Record<string, unknown>): Y.XmlText {
  const t = new Y.XmlText();
  t.insert(0, text, marks as Record<string, object>);
  return t;
}

/** Hostile values in every attribute that feeds CSS, a URL, a class or markup. */
function writeHostileDocument(doc: Y.Doc): void {
  const pwn = 'window.__pwned=1';
  const fragment = contentOf(doc);
  doc.transact(() => {
    fragment.delete(0, fragment.length);
    fragment.insert(0, [
      el(
        'paragraph',
        {
          textAlign: `left; background: url(${EVIL}/align.png)`,
          lineHeight: `1; background-image: url(${EVIL}/lh.png)`,
          class: 'evil-overlay',
        },
        [new Y.XmlText('benign paragraph')],
      ),
      el('heading', { level: '<script>' }, [new Y.XmlText('benign heading')]),
      el('paragraph', {}, [
        styledText('styled', {
          textStyle: {
            fontFamily: `x; background: url(${EVIL}/font.png)`,
            fontSize: `12px; background: url(${EVIL}/size.png)`,
            color: `url(${EVIL}/color.png)`,
            backgroundColor: 'red; position: fixed; inset: 0; z-index: 99999',
            inlineClass: 'evil-overlay',
            inlineStyle: `background-image: url(${EVIL}/inline.png)`,
          },
          link: { href: `javascript:${pwn}`, target: '_top', rel: 'opener', title: '"><img src=x>' },
        }),
        el('image', {
          src: `javascript:${pwn}`,
          alt: `"><img src=${EVIL}/alt.png onerror=${pwn}>`,
          width: `1px; background: url(${EVIL}/width.png)`,
          classes: 'evil-overlay',
          caption: `<img src=${EVIL}/caption.png onerror=${pwn}>`,
        }),
        el('video', { src: `${EVIL}/embed/x`, kind: 'iframe' }),
        el('video', { src: `javascript:${pwn}`, kind: 'file' }),
        el('file', { href: `javascript:${pwn}`, name: `<img src=${EVIL}/name.png onerror=${pwn}>`, size: 'x' }),
      ]),
      el('codeBlock', { language: `x" onmouseover="${pwn}` }, [new Y.XmlText('code()')]),
      el('orderedList', { start: 'x', listStyleType: `url(${EVIL}/list.png)` }, [
        el('listItem', {}, [el('paragraph', {}, [new Y.XmlText('item')])]),
      ]),
      el('iframe', { src: `${EVIL}/frame` }),
      new Y.XmlText(`<img src=${EVIL}/root.png onerror=${pwn}>`),
    ]);
    doc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, `<img src=${EVIL}/title.png onerror=${pwn}>`);
  });
}

/** Fails every request to a host other than ours, and records it. */
async function onlyLocalRequests(page: Page): Promise<string[]> {
  const foreign: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (!/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      foreign.push(url);
      await route.abort();
      return;
    }
    await route.continue();
  });
  page.on('dialog', (dialog) => {
    foreign.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return foreign;
}

test('hostile content stored before the guard renders for an editor and a viewer without foreign requests or script', async ({
  browser,
}, testInfo) => {
  const server = await startLooseServer(4400 + testInfo.workerIndex * 10 + testInfo.repeatEachIndex);
  try {
    const ctx = await browser.newContext({ baseURL: server.url });
    const doc = await createDocument(ctx.request, 'Hostile');
    const writer = connectClient(`${server.url.replace(/^http/, 'ws')}/collab`, doc.id, doc.editorToken);
    await waitSynced(writer);
    writeHostileDocument(writer.doc);
    // Stored on the server: a second client receives it.
    const probe = connectClient(`${server.url.replace(/^http/, 'ws')}/collab`, doc.id, doc.editorToken);
    await waitSynced(probe);
    await expect.poll(() => contentOf(probe.doc).toString()).toContain('benign heading');
    expect(writer.closeCodes).toEqual([]);
    probe.destroy();
    writer.destroy();

    for (const link of [doc.viewerUrl, doc.editorUrl]) {
      const page = await ctx.newPage();
      const foreign = await onlyLocalRequests(page);
      await page.goto(linkPath(link));
      const content = page.locator('.tiptap');
      await expect(content).toContainText('benign paragraph');
      await expect(content).toContainText('benign heading');
      await expect(content).toContainText('styled');
      await expect(page.locator('[data-status="connected"]')).toBeVisible();
      // Let the page settle: images, iframes and fonts have been asked for by now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(foreign).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      // No hostile value reached an attribute that loads, links, styles or classes anything (free text such as
      // alt or a file name may read like markup: it is shown as text, escaped).
      const reached = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((node) =>
          ['src', 'href', 'style', 'srcset', 'poster', 'data', 'action', 'formaction', 'background', 'class']
            .map((name) => `${node.tagName}[${name}=${node.getAttribute(name) ?? ''}]`)
            .filter((entry) => /evil|javascript:|position:\s*fixed/i.test(entry)),
        ),
      );
      expect(reached).toEqual([]);
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.close();
    }
    await ctx.close();
  } finally {
    await server.stop();
  }
});
