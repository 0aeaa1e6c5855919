import { expect, test, type Page } from '@playwright/test';
import { createDocument, EditorPage, holdChunk, boxOf } from './fixtures';

// The selection bubble, the table toolbar, the drag handle and the `/` menu are chunks of their own, fetched
// when idle or when first needed. Each check holds its chunk back until the author has already asked for
// the UI, then lets it through: what was asked for right after opening must still appear.

/** Holds back the chunk `name` (`assets/<name>-<hash>.js`) until `release()`. */
async function openEditor(page: Page, title: string, html = ''): Promise<EditorPage> {
  const doc = await createDocument(page.request, title);
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl);
  await editor.waitConnected();
  // Set without the mouse or the keyboard: nothing has asked for any of the parts yet.
  if (html)
    await page.evaluate((content) => {
      const tandem = window.__tandem as unknown as { editor: { commands: { setContent: (h: string) => boolean } } };
      tandem.editor.commands.setContent(content);
    }, html);
  return editor;
}

test('a mouse selection made before the bubble’s code arrived gets the selection toolbar', async ({ page }) => {
  const held = await holdChunk(page, 'selection-toolbar.menu');
  const editor = await openEditor(page, 'Early selection', '<p>early words to format</p>');
  const box = await boxOf(editor.content.getByText('early words to format'));
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.up();
  await held.seen;
  expect(await page.evaluate(() => window.__tandem?.editor.state.selection.empty)).toBe(false);
  held.release();
  const floating = page.getByRole('toolbar', { name: 'Selection formatting' });
  await expect(floating).toBeVisible();
  await floating.getByRole('button', { name: 'Bold' }).click();
  await expect.poll(() => editor.xml()).toContain('<bold>');
});

test('a selection still being made when the bubble’s code arrives gets the selection toolbar', async ({ page }) => {
  const held = await holdChunk(page, 'selection-toolbar.menu');
  const editor = await openEditor(page, 'Selection during load', '<p>words being selected</p>');
  const box = await boxOf(editor.content.getByText('words being selected'));
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await held.seen;
  held.release();
  // The bubble's plugin is in while the button is still down; the selection does not change any more.
  const registered = (): Promise<boolean> =>
    page.evaluate(() =>
      (window.__tandem?.editor.state.plugins ?? []).some((p) =>
        (p as unknown as { key: string }).key.startsWith('selectionToolbar'),
      ),
    );
  await expect.poll(registered).toBe(true);
  await page.mouse.up();
  await expect(page.getByRole('toolbar', { name: 'Selection formatting' })).toBeVisible();
});

test('Alt+F10 in a table before the table toolbar’s code arrived focuses that toolbar', async ({ page }) => {
  const held = await holdChunk(page, 'context-toolbar.view');
  const editor = await openEditor(
    page,
    'Early table',
    '<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table><p>after</p>',
  );
  await editor.content.locator('td').first().click();
  await held.seen;
  await page.keyboard.press('Alt+F10');
  held.release();
  const toolbar = page.getByRole('toolbar', { name: 'Table', exact: true });
  await expect(toolbar.getByRole('button', { name: 'Table Header' })).toBeFocused();
});

test('the drag handle appears on the first hover, before its code was there', async ({ page }) => {
  const held = await holdChunk(page, 'draggable.overlay');
  const editor = await openEditor(page, 'Early handle', '<p>first</p><p>second</p><p>third</p>');
  const second = editor.content.locator('p').nth(1);
  await second.hover();
  await held.seen;
  held.release();
  const handle = page.getByRole('button', { name: 'Drag' });
  await expect(handle).toBeVisible();
  // Beside the hovered block, not another one.
  const [block, at] = await Promise.all([boxOf(second), boxOf(handle)]);
  expect(at.y + at.height / 2).toBeGreaterThan(block.y - 4);
  expect(at.y).toBeLessThan(block.y + block.height);
});

test('a / typed before the menu’s code arrived opens the insert menu', async ({ page }) => {
  const held = await holdChunk(page, 'slash-menu');
  const editor = await openEditor(page, 'Early slash');
  await editor.content.click();
  await held.seen;
  await page.keyboard.type('/');
  held.release();
  const list = page.getByRole('listbox', { name: 'Insert' });
  await expect(list).toBeVisible();
  await page.keyboard.type('hor');
  await expect(list.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.locator('.tiptap hr')).toHaveCount(1);
});

test('Enter typed after /hor before the menu’s code arrived waits for the menu and chooses from it', async ({
  page,
}) => {
  const held = await holdChunk(page, 'slash-menu');
  const editor = await openEditor(page, 'Early slash and Enter');
  await editor.content.click();
  await held.seen;
  await page.keyboard.type('/hor');
  await page.keyboard.press('Enter');
  // Held, not a new paragraph.
  await expect(page.locator('.tiptap p')).toHaveCount(1);
  held.release();
  await expect(page.locator('.tiptap hr')).toHaveCount(1);
  await expect(page.locator('.tiptap')).not.toContainText('/hor');
});

test('an open selection toolbar stays open when the drag handle’s plugin arrives', async ({ page }) => {
  const held = await holdChunk(page, 'draggable.overlay');
  const editor = await openEditor(page, 'Handle after bubble', '<p>some words to select</p><p>next</p>');
  await editor.content.getByText('some words to select').dblclick({ position: { x: 12, y: 8 } });
  const floating = page.getByRole('toolbar', { name: 'Selection formatting' });
  await expect(floating).toBeVisible();
  await held.seen;
  held.release();
  // Registering the handle's plugin makes every plugin view anew.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window.__tandem?.editor.state.plugins ?? []).some((p) =>
          (p as unknown as { key: string }).key.startsWith('dragHandle'),
        ),
      ),
    )
    .toBe(true);
  await expect(floating).toBeVisible();
  await floating.getByRole('button', { name: 'Italic' }).click();
  await expect.poll(() => editor.xml()).toContain('<italic>');
});

for (const width of [1400, 390])
  test(`[${width} px] the selection bubble over the first line stays off the main toolbar (it goes under the line)`, async ({
    browser,
    request,
  }) => {
    const doc = await createDocument(request, 'First line');
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const editor = new EditorPage(page);
    await editor.open(doc.editorUrl);
    await editor.waitConnected();
    await editor.content.click();
    await page.keyboard.type('first line words');
    const box = await boxOf(editor.content.getByText('first line words'));
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, y, { steps: 4 });
    await page.mouse.up();
    const floating = page.getByRole('toolbar', { name: 'Selection formatting' });
    await expect(floating).toBeVisible();
    const main = page.getByRole('toolbar', { name: 'Formatting', exact: true });
    const bubble = await floating.boundingBox();
    const bar = await main.boundingBox();
    if (!bubble || !bar) throw new Error('no boxes');
    expect(bubble.y, 'the bubble starts below the main toolbar').toBeGreaterThanOrEqual(bar.y + bar.height);
    await context.close();
  });
