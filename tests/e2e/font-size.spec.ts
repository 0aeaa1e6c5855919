import { expect, test } from '@playwright/test';
import { defaultEditorOptions } from '@shared/editor-options';
import { twoAuthors } from './fixtures';

test('font size: sizes, default, shown at the caret, both authors, kept on reload', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Font size');
  const page = a.editor.page;
  await a.editor.typeFresh('plain sized');
  await a.editor.selectBack('sized');

  const button = page.getByRole('button', { name: 'Font Size' });
  await expect(button).toContainText('Font Size');
  await button.click();
  // "Default" plus the 14 baseline sizes.
  await expect(page.getByRole('menuitemradio')).toHaveCount(defaultEditorOptions.fontSizes.length + 1);
  await expect(page.getByRole('menuitemradio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: '24', exact: true }).click();

  await expect.poll(() => b.editor.xml()).toContain('fontSize="24px"');
  await expect.poll(() => b.editor.html()).toContain('<span style="font-size: 24px;">sized</span>');
  await expect(b.editor.content.locator('span[style*="font-size"]').first()).toHaveCSS('font-size', '24px');
  await expect(button).toContainText('24');

  await page.keyboard.press('ArrowLeft');
  await expect(button).toContainText('Font Size');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(button).toContainText('24');
  await button.click();
  await expect(page.getByRole('menuitemradio', { name: '24', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect.poll(() => a.editor.html()).toContain('<span style="font-size: 24px;">sized</span>');

  // "Default" removes the size for everyone.
  await a.editor.content.click();
  await page.keyboard.press('Control+A');
  await button.click();
  await page.getByRole('menuitemradio', { name: 'Default' }).click();
  await expect.poll(() => b.editor.xml()).not.toContain('fontSize="24px"');
  await expect.poll(() => b.editor.html()).toBe('<p>plain sized</p>');
  await close();
});

test('font size: the custom size accepts only whole numbers from 1 to 400', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Custom size');
  const page = a.editor.page;
  await a.editor.typeFresh('plain sized');
  await a.editor.selectBack('sized');
  const button = page.getByRole('button', { name: 'Font Size' });
  await button.click();
  const input = page.getByRole('textbox', { name: 'Custom size' });
  for (const bad of ['abc', '0', '401', '12.5']) {
    await input.fill(bad);
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Enter a whole number from 1 to 400.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  expect(await a.editor.html()).toBe('<p>plain sized</p>');
  // Typing letters is not swallowed by the menu's typeahead.
  await input.fill('');
  await input.pressSequentially('33');
  await expect(input).toHaveValue('33');
  await expect(page.getByRole('alert')).toBeHidden();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('fontSize="33px"');
  await expect(button).toContainText('33');
  // The editor keeps the focus: typing replaces the selection in the new size.
  await page.keyboard.insertText('big');
  await expect.poll(() => b.editor.html()).toContain('<span style="font-size: 33px;">big</span>');
  await close();
});
