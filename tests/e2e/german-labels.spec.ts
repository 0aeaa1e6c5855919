import { expect, test } from '@playwright/test';
import { openGerman } from './fixtures';

test('the default inline classes, inline styles and line heights read in German', async ({ browser, request }) => {
  const a = await openGerman(browser, request, 'Deutsche Listen');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('Text');
  await page.keyboard.press('Control+A');

  await page.getByRole('button', { name: 'Inline-Klasse', exact: true }).click();
  for (const name of ['Code', 'Hervorgehoben', 'Transparent'])
    await expect(page.getByRole('menuitemcheckbox', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Highlighted' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Inline-Stil', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Groß und rot' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Klein und blau' }).click();
  await expect(a.editor.content.locator('span[style*="color: blue"]')).toHaveText('Text');

  await page.getByRole('button', { name: 'Zeilenhöhe', exact: true }).click();
  for (const name of ['Standard', 'Einfach', '1,15', '1,5', 'Doppelt'])
    await expect(
      page.getByRole('menuitemradio', { name, exact: true }).or(page.getByRole('menuitem', { name, exact: true })),
    ).toBeVisible();
  await a.context.close();
});
