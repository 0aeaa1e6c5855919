import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('inline class: toggled on a word for both authors, several at once, checked at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Inline class');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('plain marked');
  await a.editor.selectBack('marked');

  const button = page.getByRole('button', { name: 'Inline Class' });
  await button.click();
  await expect(page.getByRole('menuitemcheckbox')).toHaveCount(3);
  await page.getByRole('menuitemcheckbox', { name: 'Highlighted' }).click();
  await expect.poll(() => b.editor.xml()).toContain('inlineClass="fr-class-highlighted"');
  await expect.poll(() => b.editor.html()).toContain('<span class="fr-class-highlighted">marked</span>');
  await expect(b.editor.content.locator('span.fr-class-highlighted')).toHaveCSS('background-color', 'rgb(255, 255, 0)');
  await expect(button).toHaveClass(/is-active/);

  // A second class joins the first on the same span.
  await button.click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Highlighted' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemcheckbox', { name: 'Code' }).click();
  await expect.poll(() => b.editor.html()).toContain('<span class="fr-class-code fr-class-highlighted">marked</span>');

  // The active state follows the caret.
  await page.keyboard.press('ArrowLeft');
  await expect(button).not.toHaveClass(/is-active/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(button).toHaveClass(/is-active/);

  await page.reload();
  await expect.poll(() => a.editor.html()).toContain('<span class="fr-class-code fr-class-highlighted">marked</span>');

  // Toggling again removes it.
  await a.editor.content.click();
  await page.keyboard.press('Control+End');
  await a.editor.selectBack('marked');
  await button.click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Code' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Transparent' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('menuitemcheckbox', { name: 'Highlighted' }).click();
  await expect.poll(() => b.editor.html()).not.toContain('fr-class-highlighted');
  await expect(b.editor.content.locator('span.fr-class-code')).toHaveCount(1);
  await close();
});
