import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test("Quote Increase wraps and nests, Decrease and Ctrl+Shift+' lift one level, for both authors", async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Quotes');
  const page = a.editor.page;
  const theirs = b.editor.content;

  await a.editor.content.click();
  await page.keyboard.insertText('first');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('second');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+Home');

  const quote = page.getByRole('button', { name: 'Quote', exact: true });
  await quote.click();
  const increase = page.getByRole('menuitem', { name: /Increase/ });
  await expect(increase).toContainText("Ctrl+'");
  await expect(page.getByRole('menuitem', { name: /Decrease/ })).toHaveAttribute('aria-disabled', 'true');
  await increase.click();
  await expect(theirs.locator('blockquote > p')).toHaveCount(2);
  await expect(theirs.locator('blockquote')).toHaveCount(1);

  await quote.click();
  await page.getByRole('menuitem', { name: /Increase/ }).click();
  await expect(theirs.locator('blockquote > blockquote > p')).toHaveCount(2);

  await page.keyboard.press('Control+Shift+Quote');
  await expect(theirs.locator('blockquote')).toHaveCount(1);
  await expect(theirs.locator('blockquote > p')).toHaveCount(2);

  // Nested again with the shortcut, then one level down with the menu.
  await page.keyboard.press('Control+Quote');
  await expect(theirs.locator('blockquote > blockquote > p')).toHaveCount(2);
  await quote.click();
  await page.getByRole('menuitem', { name: /Decrease/ }).click();
  await expect(theirs.locator('blockquote')).toHaveCount(1);

  // Survives a reload of the other author.
  await b.editor.page.reload();
  await expect(theirs.locator('blockquote > p')).toHaveCount(2);
  await close();
});
