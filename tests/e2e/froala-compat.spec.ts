import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { ImageManagerItem } from '@shared/api/media';
import type { SnapshotListItem } from '@shared/api/snapshots';
import { createDoc } from '../helpers/api';
import { solidPng } from '../helpers/png';
import { startServer, type TestServer } from '../helpers/start-server';

/**
 * The real Froala editor (npm `froala-editor`, unmodified) on a page of ANOTHER origin, configured with our
 * endpoints: proves the server contract (uploads, image manager load/delete, autosave) and CORS.
 */

const FROALA_DIR = path.resolve('node_modules/froala-editor');
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Froala against Tandem</title>
<link rel="stylesheet" href="/froala.css"></head>
<body><div id="editor"></div><script src="/froala.js"></script></body></html>`;

/** A tiny static server: the page and Froala's files, nothing else. */
function startStatic(): Promise<{ origin: string; close: () => Promise<void> }> {
  const files: Record<string, { type: string; file?: string; body?: string }> = {
    '/': { type: 'text/html; charset=utf-8', body: PAGE },
    '/froala.js': { type: 'text/javascript', file: path.join(FROALA_DIR, 'js/froala_editor.pkgd.min.js') },
    '/froala.css': { type: 'text/css', file: path.join(FROALA_DIR, 'css/froala_editor.pkgd.min.css') },
  };
  const server = http.createServer((req, res) => {
    const entry = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': entry.type });
    res.end(entry.file ? fs.readFileSync(entry.file) : entry.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

interface FroalaLike {
  el: HTMLElement;
  events: { focus(): void };
  selection: { setAtEnd(el: HTMLElement): void; restore(): void };
}

let api: TestServer;
let site: { origin: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await startStatic();
  api = await startServer({ TANDEM_CORS_ORIGINS: site.origin, LOG_LEVEL: 'warn' });
});

test.afterAll(async () => {
  await api.close();
  await site.close();
});

async function openFroala(page: Page, doc: CreatedDocument): Promise<void> {
  await page.goto(site.origin);
  const base = `${api.url}/api/documents/${doc.id}`;
  await page.evaluate(
    ({ base: b, token }) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as {
          FroalaEditor: new (selector: string, opts: Record<string, unknown>, ready: () => void) => unknown;
          __froala?: unknown;
        };
        w.__froala = new w.FroalaEditor(
          '#editor',
          {
            // A flat toolbar: the default one hides the image button in a "more" group.
            toolbarButtons: ['insertImage', 'bold'],
            imageInsertButtons: ['imageBack', '|', 'imageUpload', 'imageManager'],
            imageUploadURL: `${b}/images`,
            imageManagerLoadURL: `${b}/images`,
            imageManagerDeleteURL: `${b}/images/delete`,
            saveURL: `${b}/snapshots`,
            saveInterval: 300,
            requestHeaders: { Authorization: `Bearer ${token}` },
          },
          () => resolve(),
        );
      }),
    { base, token: doc.editorToken },
  );
  expect(new URL(api.url).origin).not.toBe(site.origin);
}

async function listImages(doc: CreatedDocument): Promise<ImageManagerItem[]> {
  const res = await fetch(`${api.url}/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
  });
  return (await res.json()) as ImageManagerItem[];
}

test('Froala uploads, manages and deletes images and autosaves against our server', async ({ page }) => {
  const doc = await createDoc(api.url, 'Froala');
  await openFroala(page, doc);

  // Upload through Froala's own file input.
  const png = solidPng(64, 48, '#1e88e5');
  await page.locator('button[data-cmd="insertImage"]').first().click();
  const input = page.locator('.fr-image-upload-layer input[type="file"]');
  const uploaded = page.waitForResponse(
    (r) => r.url() === `${api.url}/api/documents/${doc.id}/images` && r.request().method() === 'POST',
  );
  await input.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).status()).toBe(201);
  const img = page.locator('.fr-element img').first();
  await expect(img).toHaveAttribute('src', new RegExp(`^${api.url}/uploads/[a-z0-9]+\\.png$`));
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
  const items = await listImages(doc);
  expect(items).toHaveLength(1);
  const [item] = items;
  if (!item) throw new Error('no image');
  await expect(img).toHaveAttribute('src', item.url);

  // Autosave posts `body`; the snapshot is stored sanitized.
  const saved = page.waitForResponse(
    (r) => r.url() === `${api.url}/api/documents/${doc.id}/snapshots` && r.request().method() === 'POST',
  );
  // Close the image popup, put the caret at the end (Froala's API) and type.
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    const editor = (window as unknown as { __froala: FroalaLike }).__froala;
    editor.events.focus();
    editor.selection.setAtEnd(editor.el);
    editor.selection.restore();
  });
  await page.keyboard.type('Saved by Froala');
  expect((await saved).status()).toBe(200);
  await expect
    .poll(async () => {
      const res = await fetch(`${api.url}/api/documents/${doc.id}/snapshots`, {
        headers: { authorization: `Bearer ${doc.viewerToken}` },
      });
      return ((await res.json()) as SnapshotListItem[]).length;
    })
    .toBeGreaterThan(0);

  // The image manager shows our thumbnail.
  await page.locator('button[data-cmd="insertImage"]').first().click();
  const loaded = page.waitForResponse(
    (r) => r.url().startsWith(`${api.url}/api/documents/${doc.id}/images`) && r.request().method() === 'GET',
  );
  await page.locator('.fr-popup.fr-active button[data-cmd="imageManager"]').click();
  expect((await loaded).status()).toBe(200);
  const thumb = page.locator('.fr-modal .fr-image-list img').first();
  await expect(thumb).toHaveAttribute('src', item.thumb);
  await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // Delete from the manager (native confirm accepted) → 200 and gone on the server.
  page.once('dialog', (dialog) => void dialog.accept());
  const deleted = page.waitForResponse((r) => r.url() === `${api.url}/api/documents/${doc.id}/images/delete`);
  await thumb.hover();
  await page.locator('.fr-modal .fr-image-list .fr-delete-img').first().click();
  expect((await deleted).status()).toBe(200);
  await expect.poll(async () => (await listImages(doc)).length).toBe(0);
  const file = await fetch(item.url);
  expect(file.status).toBe(404);
});
