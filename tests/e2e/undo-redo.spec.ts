import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('Undo and Redo are labelled, show their shortcuts and are disabled when there is nothing to do', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Undo state');
  const page = a.editor.page;
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await expect(undo).toHaveAttribute('title', 'Undo (Ctrl+Z)');
  await expect(redo).toHaveAttribute('title', 'Redo (Ctrl+Shift+Z)');
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // Another author's change gives this author nothing to undo.
  await b.editor.typeAtEnd('bob');
  await expect.poll(() => a.editor.xml()).toContain('bob');
  await expect(undo).toBeDisabled();

  await a.editor.typeAtEnd(' ada');
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect.poll(() => b.editor.xml()).not.toContain('ada');
  await expect(undo).toBeDisabled();
  await expect(redo).toBeEnabled();
  await page.keyboard.press('Control+Y');
  await expect.poll(() => b.editor.xml()).toContain('ada');
  await expect(redo).toBeDisabled();
  await close();
});
