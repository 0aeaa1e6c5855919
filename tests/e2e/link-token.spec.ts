import { expect, test } from '@playwright/test';
import { EditorPage, createDocument, linkPath } from './fixtures';

test('the link token leaves the address bar once read, and a reload keeps the document open', async ({
  page,
  request,
}) => {
  const doc = await createDocument(request, 'Token in the fragment');
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl, 'Ada');
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  expect(new URL(page.url()).pathname).toBe(`/d/${doc.id}`);
  await editor.waitConnected();
  await editor.typeAtEnd('still here');

  await page.reload();
  await expect(editor.content).toBeVisible();
  await editor.waitConnected();
  await expect(editor.content).toContainText('still here');
  await expect(editor.content).toHaveAttribute('contenteditable', 'true');
  expect(page.url()).not.toContain('token');
});

test('a viewer link opened where the editor link is known stays read-only after a reload', async ({
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
  await expect.poll(() => viewer.page.url()).not.toContain('token');
  await viewer.page.reload();
  await expect(viewer.content).toContainText('shared text');
  await expect(viewer.content).toHaveAttribute('contenteditable', 'false');
  await context.close();
});
