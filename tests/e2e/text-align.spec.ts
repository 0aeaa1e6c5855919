import { expect, test, type Page } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

async function threeParagraphs(page: Page): Promise<void> {
  await page.locator('.tiptap').click();
  await page.keyboard.insertText('first');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('second');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('third');
}

test('Align Center on two paragraphs reaches the other author, follows the caret and survives a reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Align');
  const page = a.editor.page;
  await threeParagraphs(page);
  const left = page.getByRole('button', { name: 'Align Left' });
  const center = page.getByRole('button', { name: 'Align Center' });

  // Select "first" and "second".
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await center.click();
  await expect(center).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.tiptap p[style*="text-align: center"]')).toHaveCount(2);
  await expect
    .poll(() => b.editor.xml())
    .toContain(
      '<paragraph textAlign="center">first</paragraph><paragraph textAlign="center">second</paragraph><paragraph>third</paragraph>',
    );

  // The buttons follow the caret's block.
  await page.keyboard.press('Control+End');
  await expect(center).toHaveAttribute('aria-pressed', 'false');
  await expect(left).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Control+Home');
  await expect(center).toHaveAttribute('aria-pressed', 'true');
  await expect(left).toHaveAttribute('aria-pressed', 'false');

  // Align Left on an already-left paragraph leaves no empty style attribute.
  await page.keyboard.press('Control+End');
  await left.click();
  await expect(page.locator('.tiptap p').nth(2)).not.toHaveAttribute('style');

  // Shortcut: Ctrl+Shift+R aligns right; Align Left removes it again.
  await page.keyboard.press('Control+Shift+R');
  await expect(page.getByRole('button', { name: 'Align Right' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => b.editor.xml()).toContain('<paragraph textAlign="right">third</paragraph>');
  await left.click();
  await expect.poll(() => b.editor.xml()).toContain('<paragraph>third</paragraph>');

  await b.editor.page.reload();
  await expect(b.editor.content.locator('p').first()).toHaveCSS('text-align', 'center');
  await expect(b.editor.content.locator('p').nth(1)).toHaveAttribute('style', /text-align: center/);
  await expect(b.editor.content.locator('p').nth(2)).not.toHaveAttribute('style');
  await close();
});

test('the alignment buttons have German labels', async ({ browser, request }) => {
  const a = await openGerman(browser, request, 'Ausrichtung');
  const page = a.editor.page;
  await page.locator('.tiptap').click();
  await page.keyboard.insertText('Absatz');
  await page.getByRole('button', { name: 'Bündig ausrichten', exact: true }).click();
  await expect(page.locator('.tiptap p').first()).toHaveCSS('text-align', 'justify');
  for (const name of ['Linksbündig ausrichten', 'Zentriert ausrichten', 'Rechtsbündig ausrichten']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await a.context.close();
});
