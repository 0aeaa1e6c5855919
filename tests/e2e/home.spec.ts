import { expect, test } from '@playwright/test';

test('creates a document, lists it with its title, and opens it again', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Title of the new document').fill('Roadmap 2027');
  await page.getByRole('button', { name: 'New document' }).click();
  await expect(page).toHaveURL(/\/d\/[A-Za-z0-9_-]+#token=/);
  await expect(page.getByLabel('Document title')).toHaveValue('Roadmap 2027');
  await page.locator('.tiptap').click();
  await page.keyboard.insertText('first line');

  await page.getByRole('link', { name: 'Tandem' }).click();
  const entry = page.getByRole('link', { name: 'Open Roadmap 2027' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByLabel('Document title')).toHaveValue('Roadmap 2027');
  await expect
    .poll(() => page.evaluate(() => window.__tandem?.ydoc.getXmlFragment('default').toString() ?? ''))
    .toContain('first line');
});
