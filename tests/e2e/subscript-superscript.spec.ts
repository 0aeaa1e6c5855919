import { expect, test, type Page } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

/** The editor's HTML export (the DOM also holds other authors' caret labels). */
const html = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.editor.getHTML() ?? '');

test('subscript and superscript: buttons and shortcuts, exclusive, both authors, pressed at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Scripts');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const page = a.editor.page;
  const sub = page.getByRole('button', { name: 'Subscript' });
  const sup = page.getByRole('button', { name: 'Superscript' });
  await expect(sub).toHaveAttribute('title', 'Subscript (Ctrl+,)');
  await expect(sup).toHaveAttribute('title', 'Superscript (Ctrl+.)');

  await a.editor.content.click();
  await page.keyboard.insertText('H2O');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await sub.click();
  await expect(sub).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => b.editor.xml()).toContain('<subscript>2</subscript>');
  await expect.poll(() => html(b.editor.page)).toBe('<p>H<sub>2</sub>O</p>');

  // Superscript replaces subscript on the same text, and the other way round (shortcuts).
  await sup.click();
  await expect(sup).toHaveAttribute('aria-pressed', 'true');
  await expect(sub).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => html(b.editor.page)).toBe('<p>H<sup>2</sup>O</p>');
  await page.keyboard.press('Control+,');
  await expect.poll(() => html(b.editor.page)).toBe('<p>H<sub>2</sub>O</p>');
  await page.keyboard.press('Control+.');
  await expect.poll(() => b.editor.xml()).toContain('<superscript>2</superscript>');

  // Pressed state follows the caret.
  await page.keyboard.press('ArrowRight');
  await expect(sup).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(sup).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expect.poll(() => html(page)).toBe('<p>H<sup>2</sup>O</p>');
  await expect(a.editor.content.locator('sup')).toHaveText('2');
  await a.context.close();
  await b.context.close();
});
