import { expect, test, type Page } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

/** The editor's HTML export (the DOM also holds other authors' caret labels). */
const html = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.editor.getHTML() ?? '');

test('inline style: entries previewed, "Big Red" applied for both authors, shown at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Inline style');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('plain loud');
  for (let i = 0; i < 'loud'.length; i++) await page.keyboard.press('Shift+ArrowLeft');

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
  await expect.poll(() => html(page)).toMatch(/<span style="[^"]*font-size: 14px;[^"]*">loud<\/span>/);
  await expect(a.editor.content.locator('span[style*="font-size"]').first()).toHaveCSS('color', 'rgb(0, 0, 255)');
  await a.context.close();
  await b.context.close();
});
