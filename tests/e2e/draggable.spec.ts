import { expect, test, type Page } from '@playwright/test';
import { twoAuthors, boxOf } from './fixtures';

const para = (text: string): string => `<paragraph>${text}</paragraph>`;
const ORIGINAL = para('first') + para('second') + para('third');

async function setContent(page: Page, html: string): Promise<void> {
  await page.evaluate((content) => {
    const tandem = window.__tandem as unknown as { editor: { commands: { setContent: (h: string) => boolean } } };
    tandem.editor.commands.setContent(content);
  }, html);
}

test('dragging paragraph 1 below paragraph 3 by its handle reorders it for both authors', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Drag');
  const page = a.editor.page;
  await a.editor.waitConnected();
  await setContent(page, '<p>first</p><p>second</p><p>third</p>');
  await expect.poll(() => b.editor.xml()).toBe(ORIGINAL);

  const paragraphs = a.editor.content.locator('p');
  await paragraphs.nth(0).hover();
  const handle = page.getByRole('button', { name: 'Drag' });
  await expect(handle).toBeVisible();
  await handle.hover();
  await expect(page.getByRole('tooltip')).toContainText('Drag to move this block');
  const third = await boxOf(paragraphs.nth(2));
  await page.mouse.down();
  await page.mouse.move(third.x + third.width * 0.6, third.y + third.height * 0.75, { steps: 8 });
  await page.mouse.up();

  const moved = para('second') + para('third') + para('first');
  // No empty paragraph is left where paragraph 1 was.
  await expect.poll(() => b.editor.xml()).toBe(moved);
  await expect.poll(() => a.editor.xml()).toBe(moved);
  await close();
});

test('Alt+Shift+ArrowDown moves a block, one Ctrl+Z restores, a reload keeps the order', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Move block');
  const page = a.editor.page;
  await a.editor.waitConnected();
  await setContent(page, '<p>first</p><p>second</p><p>third</p>');
  await expect.poll(() => b.editor.xml()).toBe(ORIGINAL);

  const first = a.editor.content.locator('p', { hasText: 'first' });
  await first.click();
  await page.keyboard.press('Alt+Shift+ArrowDown');
  const once = para('second') + para('first') + para('third');
  await expect.poll(() => b.editor.xml()).toBe(once);
  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.xml()).toBe(ORIGINAL);

  await first.click();
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect.poll(() => b.editor.xml()).toBe(once);
  // The caret moved with its block: a second press moves it on; at the end a third does nothing.
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await page.keyboard.press('Alt+Shift+ArrowDown');
  const twice = para('second') + para('third') + para('first');
  await expect.poll(() => b.editor.xml()).toBe(twice);
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect.poll(() => b.editor.xml()).toBe(once);

  await page.reload();
  await expect(a.editor.content).toBeVisible();
  await expect.poll(() => a.editor.xml()).toBe(once);
  await expect(a.editor.content.locator('p').first()).toHaveText('second');
  await close();
});
