import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('clear formatting: removes every inline format for both authors in one undo step, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Clear formatting');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('keep busy');
  await a.editor.selectBack('busy');

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
  await expect.poll(() => b.editor.html()).toBe('<p>keep busy</p>');
  await expect.poll(() => b.editor.xml()).not.toMatch(/<bold>|<italic>|<superscript>|<textStyle/);
  // The selection stays; the toolbar shows nothing applied.
  await expect(page.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Font Size' })).toContainText('Font Size');

  // One undo step brings every format back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => b.editor.xml()).toContain('inlineClass="fr-class-highlighted"');
  expect(await b.editor.xml()).toMatch(/<bold>/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => b.editor.html()).toBe('<p>keep busy</p>');

  await page.reload();
  await expect.poll(() => a.editor.html()).toBe('<p>keep busy</p>');
  await close();
});
