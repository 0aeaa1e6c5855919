import { expect, test } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

test('Double line height reaches the other author, is checked at the caret, Default removes it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Line height');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('spaced');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('plain');
  await page.keyboard.press('Control+Home');

  const menu = page.getByRole('button', { name: 'Line Height' });
  const entry = (name: string) => page.getByRole('menuitemradio', { name, exact: true });
  await menu.click();
  await expect(entry('Default')).toHaveAttribute('aria-checked', 'true');
  await entry('Double').click();
  await expect(a.editor.content.locator('p').first()).toHaveAttribute('style', 'line-height: 2;');
  await expect
    .poll(() => b.editor.xml())
    .toContain('<paragraph lineHeight="2">spaced</paragraph><paragraph>plain</paragraph>');

  // The checked entry follows the caret's block.
  await menu.click();
  await expect(entry('Double')).toHaveAttribute('aria-checked', 'true');
  await expect(entry('Default')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await a.editor.content.locator('p').nth(1).click();
  await menu.click();
  await expect(entry('Default')).toHaveAttribute('aria-checked', 'true');
  await expect(entry('Double')).toHaveAttribute('aria-checked', 'false');
  await entry('1.5').click();
  await expect.poll(() => b.editor.xml()).toContain('<paragraph lineHeight="1.5">plain</paragraph>');

  // Default removes the style attribute.
  await menu.click();
  await entry('Default').click();
  await expect(a.editor.content.locator('p').nth(1)).not.toHaveAttribute('style');
  await expect.poll(() => b.editor.xml()).toContain('<paragraph>plain</paragraph>');

  await b.editor.page.reload();
  // The reloaded page draws an empty paragraph until the document has synced: wait for the stored one.
  await expect(b.editor.content.locator('p').first()).toHaveAttribute('style', 'line-height: 2;');
  // Rendered: the computed line height is twice the font size. Read from the live page each time: the view
  // redraws its paragraphs once after the sync, and an element a locator resolved just before that is detached
  // (it computes no style at all).
  await expect
    .poll(() =>
      b.editor.page.evaluate(() => {
        const p = document.querySelector('.tiptap p');
        return p ? parseFloat(getComputedStyle(p).lineHeight) / parseFloat(getComputedStyle(p).fontSize) : 0;
      }),
    )
    .toBeCloseTo(2);
  await close();
});

test('the line height menu has German labels', async ({ browser, request }) => {
  const a = await openGerman(browser, request, 'Zeilenhöhe');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('Absatz');
  await page.getByRole('button', { name: 'Zeilenhöhe' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Standard' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Doppelt' }).click();
  await expect(a.editor.content.locator('p').first()).toHaveAttribute('style', 'line-height: 2;');
  await a.context.close();
});
