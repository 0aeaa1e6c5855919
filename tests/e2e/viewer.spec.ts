import { expect, test } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

test('a viewer link shows the document read-only and cannot change it', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Read me');
  const author = await newEditor(browser);
  await author.editor.open(doc.editorUrl, 'Author');
  await author.editor.typeAtEnd('written by the author');

  const reader = await newEditor(browser);
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await expect.poll(() => reader.editor.xml()).toContain('written by the author');
  await expect(reader.editor.page.getByText('View only')).toBeVisible();
  await expect(reader.editor.page.getByRole('toolbar')).toHaveCount(0);
  await expect(reader.editor.content).toHaveAttribute('contenteditable', 'false');
  await expect(reader.editor.page.getByLabel('Document title')).toHaveAttribute('readonly', '');

  await reader.editor.content.click();
  await reader.editor.page.keyboard.type('intruder');
  await expect.poll(() => reader.editor.xml()).not.toContain('intruder');
  await author.editor.typeAtEnd(' more');
  await expect.poll(() => reader.editor.xml()).toContain('more');
  expect(await author.editor.xml()).not.toContain('intruder');
  await reader.editor.waitConnected();
  await author.context.close();
  await reader.context.close();
});

test('a link without token and a bad token explain themselves', async ({ page, request }) => {
  const doc = await createDocument(request);
  await page.goto(`/d/${doc.id}`);
  await expect(page.getByRole('alert')).toContainText('no access token');
  await page.goto(`/d/${doc.id}#token=nonsense`);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('access key in this link is not valid');
});

test('a viewer alone on a brand-new document stays connected and changes nothing', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Empty');
  const reader = await newEditor(browser);
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await reader.editor.waitConnected();
  await reader.editor.content.click();
  await reader.editor.page.keyboard.press('Enter');
  await reader.editor.page.waitForTimeout(1_000);
  await expect(reader.editor.page.locator('[data-status="connected"]')).toBeVisible();
  await expect(reader.editor.page.getByRole('alert')).toHaveCount(0);
  expect(await reader.editor.xml()).toBe('<paragraph></paragraph>');
  await reader.context.close();
});
