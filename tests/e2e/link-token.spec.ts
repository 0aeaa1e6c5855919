import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDoc } from '../helpers/api';
import { startServer, type TestServer } from '../helpers/start-server';
import { EditorPage, createDocument, linkPath } from './fixtures';

const tokenInUrl = (url: string): string | null => new URLSearchParams(new URL(url).hash.slice(1)).get('token');

test('the address bar keeps the link: its URL, copied to a fresh browser, opens the document with the same rights', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Token in the fragment');
  const editor = new EditorPage(await (await browser.newContext()).newPage());
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeAtEnd('still here');
  expect(tokenInUrl(editor.page.url())).toBe(doc.editorToken);
  expect(new URL(editor.page.url()).pathname).toBe(`/d/${doc.id}`);

  await editor.page.reload();
  await editor.waitConnected();
  await expect(editor.content).toContainText('still here');
  await expect(editor.content).toHaveAttribute('contenteditable', 'true');
  expect(tokenInUrl(editor.page.url())).toBe(doc.editorToken);

  // What a Google Docs user does: copy the address bar and send it. A browser that never saw the document.
  const copied = editor.page.url();
  const other = await browser.newContext();
  const colleague = new EditorPage(await other.newPage());
  await colleague.page.goto(copied);
  await expect(colleague.content).toContainText('still here');
  await expect(colleague.content).toHaveAttribute('contenteditable', 'true');
  await expect(colleague.page.getByText('This link is incomplete')).toHaveCount(0);
  await other.close();
  await editor.page.context().close();
});

test('a viewer link stays a viewer link in the address bar, after a reload and when copied', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Viewer reload');
  const context = await browser.newContext();
  const author = new EditorPage(await context.newPage());
  await author.open(doc.editorUrl, 'Ada');
  await author.waitConnected();
  await author.typeAtEnd('shared text');

  // Same browser (same remembered tokens), a new tab opened with the viewer link.
  const viewer = new EditorPage(await context.newPage());
  await viewer.page.goto(linkPath(doc.viewerUrl));
  await expect(viewer.content).toContainText('shared text');
  await expect(viewer.content).toHaveAttribute('contenteditable', 'false');
  expect(tokenInUrl(viewer.page.url())).toBe(doc.viewerToken);
  await viewer.page.reload();
  await expect(viewer.content).toContainText('shared text');
  await expect(viewer.content).toHaveAttribute('contenteditable', 'false');
  expect(tokenInUrl(viewer.page.url())).toBe(doc.viewerToken);

  const fresh = await browser.newContext();
  const reader = new EditorPage(await fresh.newPage());
  await reader.page.goto(viewer.page.url());
  await expect(reader.content).toContainText('shared text');
  await expect(reader.content).toHaveAttribute('contenteditable', 'false');
  await fresh.close();
  await context.close();
});

test('a document opened by its bare path (from the home page) gets its link back in the address bar', async ({
  page,
  request,
}) => {
  const doc = await createDocument(request, 'Bare path');
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await page.goto(`/d/${doc.id}`);
  await editor.waitConnected();
  await expect.poll(() => tokenInUrl(page.url())).toBe(doc.editorToken);
});

test.describe('a deployment that hides the link (linkInAddressBar: false)', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startServer({
      TANDEM_CLIENT_DIR: path.resolve(process.env.TANDEM_BUILD_DIR ?? 'dist/client'),
      TANDEM_EDITOR_OPTIONS: JSON.stringify({ linkInAddressBar: false }),
      LOG_LEVEL: 'warn',
    });
  });
  test.afterAll(async () => {
    await server.close();
  });

  test('removes the token once read; a reload keeps the document open', async ({ page }) => {
    const doc = await createDoc(server.url, 'Hidden link');
    const editor = new EditorPage(page);
    await page.goto(`${server.url}${linkPath(doc.editorUrl)}`);
    await editor.waitConnected();
    await editor.typeAtEnd('kept');
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await page.reload();
    await editor.waitConnected();
    await expect(editor.content).toContainText('kept');
    await expect(editor.content).toHaveAttribute('contenteditable', 'true');
    expect(page.url()).not.toContain('token');
  });
});
