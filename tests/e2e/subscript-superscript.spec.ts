import { expect, test } from '@playwright/test';
import { twoAuthors } from './fixtures';

test('subscript and superscript: buttons and shortcuts, exclusive, both authors, pressed at the caret, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Scripts');
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
  await expect.poll(() => b.editor.html()).toBe('<p>H<sub>2</sub>O</p>');

  // Superscript replaces subscript on the same text, and the other way round (shortcuts).
  await sup.click();
  await expect(sup).toHaveAttribute('aria-pressed', 'true');
  await expect(sub).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => b.editor.html()).toBe('<p>H<sup>2</sup>O</p>');
  await page.keyboard.press('Control+,');
  await expect.poll(() => b.editor.html()).toBe('<p>H<sub>2</sub>O</p>');
  await page.keyboard.press('Control+.');
  await expect.poll(() => b.editor.xml()).toContain('<superscript>2</superscript>');

  // Pressed state follows the caret.
  await page.keyboard.press('ArrowRight');
  await expect(sup).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(sup).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expect.poll(() => a.editor.html()).toBe('<p>H<sup>2</sup>O</p>');
  await expect(a.editor.content.locator('sup')).toHaveText('2');
  await close();
});

test('a toolbar click right after a keyboard selection formats that selection (read before the command runs)', async ({
  browser,
  request,
}) => {
  const { a, close } = await twoAuthors(browser, request, 'Quick click');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('H2O');
  // The browser's selection moves and the button is pressed in one task: no `selectionchange` can run between.
  await page.evaluate(() => {
    const text = document.querySelector('.tiptap p')?.firstChild;
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Subscript"]');
    if (!text || !button) throw new Error('no text or no button');
    window.getSelection()?.setBaseAndExtent(text, 1, text, 2);
    button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    button.click();
  });
  await expect.poll(() => a.editor.html()).toBe('<p>H<sub>2</sub>O</p>');
  await close();
});
