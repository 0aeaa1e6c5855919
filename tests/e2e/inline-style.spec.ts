import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('inline style: entries previewed, "Big Red" applied for both authors, shown at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Inline style');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('plain loud');
  await a.editor.selectBack('loud');

  const button = page.getByRole('button', { name: 'Inline Style' });
  await button.click();
  const bigRed = page.getByRole('menuitem', { name: 'Big Red' });
  await expect(page.getByRole('menuitem')).toHaveCount(2);
  await expect(bigRed.getByText('Big Red')).toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(bigRed.getByText('Big Red')).toHaveCSS('font-size', '20px');
  await expect(page.getByRole('menuitem', { name: 'Small Blue' }).getByText('Small Blue')).toHaveCSS(
    'color',
    'rgb(0, 0, 255)',
  );
  await bigRed.click();

  await expect.poll(() => b.editor.xml()).toContain('fontSize="20px"');
  expect(await b.editor.xml()).toContain('color="red"');
  const span = b.editor.content.locator('span[style*="font-size"]').first();
  await expect(span).toHaveCSS('font-size', '20px');
  await expect(span).toHaveCSS('color', 'rgb(255, 0, 0)');
  // The values land in the font size and colour attributes, so those controls show them at the caret.
  await expect(page.getByRole('button', { name: 'Font Size' })).toContainText('20');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'Font Size' })).toContainText('Font Size');

  // A second style overrides the pairs it names (it does not toggle).
  for (let i = 0; i < 'loud'.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await button.click();
  await page.getByRole('menuitem', { name: 'Small Blue' }).click();
  await expect.poll(() => b.editor.xml()).toContain('fontSize="14px"');
  await expect(span).toHaveCSS('color', 'rgb(0, 0, 255)');

  await page.reload();
  await expect.poll(() => a.editor.html()).toMatch(/<span style="[^"]*font-size: 14px;[^"]*">loud<\/span>/);
  await expect(a.editor.content.locator('span[style*="font-size"]').first()).toHaveCSS('color', 'rgb(0, 0, 255)');
  await close();
});
