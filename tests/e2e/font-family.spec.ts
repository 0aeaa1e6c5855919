import { expect, test } from '@playwright/test';
import { defaultEditorOptions } from '@shared/editor-options';
import { gotoGerman, twoAuthors } from './fixtures';

test('font family: fonts previewed, applied for both authors, shown at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Font family');
  const page = a.editor.page;
  await a.editor.typeFresh('plain styled');
  await a.editor.selectBack('styled');

  const button = page.getByRole('button', { name: 'Font Family' });
  await expect(button).toContainText('Font Family');
  await button.click();
  const entries = page.getByRole('menuitemradio');
  await expect(entries).toHaveCount(defaultEditorOptions.fontFamilies.length);
  await expect(page.getByRole('menu', { name: 'Font Family' }).locator('[aria-checked="true"]')).toHaveCount(0);
  const georgia = page.getByRole('menuitemradio', { name: 'Georgia' });
  await expect(georgia.getByText('Georgia')).toHaveCSS('font-family', /Georgia/);
  await georgia.click();
  await expect(page.getByRole('menu')).toBeHidden();

  await expect.poll(() => b.editor.xml()).toContain('fontFamily="Georgia, serif"');
  await expect.poll(() => b.editor.html()).toContain('<span style="font-family: Georgia, serif;">styled</span>');
  await expect(b.editor.content.getByText('styled')).toHaveCSS('font-family', /Georgia/);
  await expect(button).toContainText('Georgia');

  // The button follows the caret: plain text → placeholder, styled text → the font's label.
  await page.keyboard.press('ArrowLeft');
  await expect(button).toContainText('Font Family');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(button).toContainText('Georgia');
  await button.click();
  await expect(georgia).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();

  // Bob's toolbar follows his own caret in Ada's styled word.
  await b.editor.content.getByText('styled').click();
  await expect(b.editor.page.getByRole('button', { name: 'Font Family' })).toContainText('Georgia');

  await page.reload();
  await expect.poll(() => a.editor.html()).toContain('<span style="font-family: Georgia, serif;">styled</span>');
  await expect(a.editor.content.locator('span[style*="font-family"]').first()).toHaveCSS('font-family', /Georgia/);
  await close();
});

test('font family and the other text-style controls: German labels', async ({ page, request }) => {
  await gotoGerman(page, request, 'Schriftart');
  await expect(page.getByRole('button', { name: 'Schriftart' })).toBeVisible();
  for (const label of [
    'Schriftgröße',
    'Tiefgestellt',
    'Hochgestellt',
    'Inline-Klasse',
    'Inline-Stil',
    'Formatierung entfernen',
  ])
    await expect(page.getByRole('button', { name: label })).toBeVisible();
});
