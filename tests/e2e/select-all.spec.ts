import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('Select All selects the whole document; replacing it reaches the other author', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Select all');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('first');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('second');
  await expect.poll(() => b.editor.xml()).toContain('second');

  const button = page.getByRole('button', { name: 'Select All' });
  await expect(button).toHaveAttribute('title', 'Select All (Ctrl+A)');
  await button.click();
  expect(await page.evaluate(() => window.getSelection()?.toString().replace(/\s+/g, ' ').trim())).toBe('first second');
  await page.keyboard.insertText('replaced');
  await expect.poll(() => b.editor.xml()).toBe('<paragraph>replaced</paragraph>');

  // The shortcut does the same.
  await page.keyboard.insertText(' and more');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await expect.poll(() => b.editor.xml()).toBe('<paragraph></paragraph>');

  await page.keyboard.insertText('kept');
  await expect.poll(() => b.editor.xml()).toContain('kept');
  await b.editor.page.reload();
  await expect(b.editor.page.locator('.tiptap p')).toHaveCount(1);
  await expect.poll(() => b.editor.xml()).toBe('<paragraph>kept</paragraph>');
  await close();
});
