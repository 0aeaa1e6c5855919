import { expect, test } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

test('Uppercase toggles on the block for both authors, is checked at the caret and survives a reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Styles');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('styled');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('plain');
  await page.keyboard.press('Control+Home');
  // The style goes to the caret's block: be sure the caret is in the first one before opening the menu.
  await expect
    .poll(() => page.evaluate(() => window.__tandem?.editor.state.selection.$from.parent.textContent))
    .toBe('styled');

  const menu = page.getByRole('button', { name: 'Paragraph Style' });
  const entry = (name: string) => page.getByRole('menuitemcheckbox', { name });
  const first = a.editor.content.locator('p').first();
  await menu.click();
  await expect(entry('Uppercase')).toHaveAttribute('aria-checked', 'false');
  await entry('Uppercase').click();
  await expect(first).toHaveClass('fr-text-uppercase');
  await expect(first).toHaveCSS('text-transform', 'uppercase');
  await expect.poll(() => b.editor.xml()).toContain('<paragraph class="fr-text-uppercase">styled</paragraph>');

  // Several styles at once (paragraphMultipleStyles is on by default).
  await menu.click();
  await expect(entry('Uppercase')).toHaveAttribute('aria-checked', 'true');
  await entry('Bordered').click();
  await expect(first).toHaveClass('fr-text-uppercase fr-text-bordered');

  // The checks follow the caret's block.
  await a.editor.content.locator('p').nth(1).click();
  await menu.click();
  await expect(entry('Uppercase')).toHaveAttribute('aria-checked', 'false');
  await expect(entry('Bordered')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');

  // Applying again removes it.
  await first.click();
  await menu.click();
  await entry('Uppercase').click();
  await expect(first).toHaveClass('fr-text-bordered');
  await expect.poll(() => b.editor.xml()).toContain('<paragraph class="fr-text-bordered">styled</paragraph>');

  await b.editor.page.reload();
  await expect(b.editor.content.locator('p').first()).toHaveClass('fr-text-bordered');
  await expect(b.editor.content.locator('p').first()).toHaveCSS('border-top-style', 'solid');
  await close();
});

test('the paragraph style menu has German labels', async ({ browser, request }) => {
  const a = await openGerman(browser, request, 'Absatzstil');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('Absatz');
  await page.getByRole('button', { name: 'Absatzstil', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Grau' }).click();
  await expect(a.editor.content.locator('p').first()).toHaveClass('fr-text-gray');
  await a.context.close();
});
