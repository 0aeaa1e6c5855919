import { expect, test, type Page } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

/** The editor's HTML export (the DOM also holds other authors' caret labels). */
const html = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.editor.getHTML() ?? '');

test('clear formatting: removes every inline format for both authors in one undo step, kept on reload', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Clear formatting');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('keep busy');
  for (let i = 0; i < 'busy'.length; i++) await page.keyboard.press('Shift+ArrowLeft');

  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.getByRole('button', { name: 'Italic', exact: true }).click();
  await page.getByRole('button', { name: 'Superscript' }).click();
  await page.getByRole('button', { name: 'Font Size' }).click();
  await page.getByRole('menuitemradio', { name: '30', exact: true }).click();
  await page.getByRole('button', { name: 'Inline Class' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Highlighted' }).click();
  await expect.poll(() => b.editor.xml()).toContain('inlineClass="fr-class-highlighted"');
  const formatted = await b.editor.xml();
  expect(formatted).toContain('<bold>');
  expect(formatted).toContain('<superscript>');

  // Yjs merges changes made within 500 ms into one undo step: let the formatting settle first.
  await page.waitForTimeout(700);
  const clear = page.getByRole('button', { name: 'Clear Formatting' });
  await clear.click();
  await expect.poll(() => html(b.editor.page)).toBe('<p>keep busy</p>');
  await expect.poll(() => b.editor.xml()).not.toMatch(/<bold>|<italic>|<superscript>|<textStyle/);
  // The selection stays; the toolbar shows nothing applied.
  await expect(page.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Font Size' })).toContainText('Font Size');

  // One undo step brings every format back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => b.editor.xml()).toContain('inlineClass="fr-class-highlighted"');
  expect(await b.editor.xml()).toMatch(/<bold>/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => html(b.editor.page)).toBe('<p>keep busy</p>');

  await page.reload();
  await expect.poll(() => html(page)).toBe('<p>keep busy</p>');
  await a.context.close();
  await b.context.close();
});
