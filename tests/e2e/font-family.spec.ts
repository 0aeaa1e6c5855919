import { expect, test, type Page } from '@playwright/test';
import { defaultEditorOptions } from '@shared/editor-options';
import { createDocument, newEditor } from './fixtures';

/** The editor's HTML export (the DOM also holds other authors' caret labels). */
const html = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.editor.getHTML() ?? '');

/** Types `plain ` then `styled`, leaving `styled` selected. */
async function typeAndSelectLastWord(page: Page): Promise<void> {
  await page.locator('.tiptap').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('plain styled');
  for (let i = 0; i < 'styled'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
}

test('font family: fonts previewed, applied for both authors, shown at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Font family');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const page = a.editor.page;
  await typeAndSelectLastWord(page);

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
  await expect.poll(() => html(b.editor.page)).toContain('<span style="font-family: Georgia, serif;">styled</span>');
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
  await expect.poll(() => html(page)).toContain('<span style="font-family: Georgia, serif;">styled</span>');
  await expect(a.editor.content.locator('span[style*="font-family"]').first()).toHaveCSS('font-family', /Georgia/);
  await a.context.close();
  await b.context.close();
});

test('font family and the other text-style controls: German labels', async ({ page, request }) => {
  const doc = await createDocument(request, 'Schriftart');
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await page.goto(new URL(doc.editorUrl).pathname + new URL(doc.editorUrl).hash);
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
