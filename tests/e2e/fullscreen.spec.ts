import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('fullscreen covers the viewport, keeps the toolbar usable and restores the page', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Fullscreen');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1000, height: 600 });
  // A page taller than the viewport, scrolled down a little.
  await a.editor.content.click();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.insertText(`line ${i}`);
    await page.keyboard.press('Enter');
  }
  await page.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const shell = page.locator('.editor-shell');
  // The page's box once its layout has settled (the toolbar and status bar may lay out again after typing).
  let before = await shell.boundingBox();
  await expect
    .poll(async () => {
      const now = await shell.boundingBox();
      const same = JSON.stringify(now) === JSON.stringify(before);
      before = now;
      return same;
    })
    .toBe(true);

  const button = page.getByRole('button', { name: 'Fullscreen' });
  await expect(button).toHaveAttribute('title', 'Fullscreen (Ctrl+Shift+F)');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(shell).toHaveClass(/is-fullscreen/);
  const box = await shell.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 1000, height: 600 });

  // The toolbar still works: Bold on a selection reaches the other author.
  await page.locator('.tiptap p').first().click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold', exact: true }).click();
  await expect.poll(() => b.editor.xml()).toContain('<bold>line 0</bold>');

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(shell).not.toHaveClass(/is-fullscreen/);
  await expect.poll(() => shell.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Keyboard: Ctrl+Shift+F enters, Escape in the text leaves.
  await page.locator('.tiptap p').nth(3).click();
  await page.keyboard.press('Control+Shift+F');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  await b.editor.page.reload();
  await expect(b.editor.page.locator('.tiptap strong').first()).toHaveText('line 0');
  await close();
});
