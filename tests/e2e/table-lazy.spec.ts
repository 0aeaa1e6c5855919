import { expect, test } from '@playwright/test';
import { createDocument, EditorPage, holdChunk } from './fixtures';

test('a table clicked right after opening a document gets Tab navigation and its toolbar', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Table at once');
  const writerContext = await browser.newContext();
  const writer = new EditorPage(await writerContext.newPage());
  await writer.open(doc.editorUrl);
  await writer.waitConnected();
  await writer.typeFresh('Intro');
  await writer.page.keyboard.press('Enter');
  await writer.page.keyboard.insertText('/tab');
  await writer.page.getByRole('option', { name: 'Table' }).click();
  await writer.page.keyboard.insertText('a');
  await expect.poll(() => writer.xml()).toContain('<paragraph>a</paragraph></tablecell>');

  // The reader's table editing chunk is held back until the Tab was pressed.
  const readerContext = await browser.newContext();
  const page = await readerContext.newPage();
  const held = await holdChunk(page, 'table-editing');
  const reader = new EditorPage(page);
  await reader.open(doc.editorUrl);
  const firstCell = reader.content.locator('td').first();
  await expect(firstCell).toContainText('a');
  await firstCell.click();
  // The table toolbar needs no table editing code to show.
  await expect(page.getByRole('toolbar', { name: 'Table', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  // The document brought a table: its editing code was asked for at once.
  await held.seen;
  held.release();
  // The Tab pressed before the code arrived moves the caret once it is there (the focus stayed in the editor).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const $from = window.__tandem?.editor.state.selection.$from;
        return $from ? $from.index($from.depth - 2) : -1;
      }),
    )
    .toBe(1);
  await expect(reader.content).toBeFocused();
  await page.keyboard.insertText('b');
  await expect(reader.content.locator('td').nth(1)).toContainText('b');

  // Toolbar commands and the menus work.
  const toolbar = page.getByRole('toolbar', { name: 'Table', exact: true });
  await toolbar.getByRole('button', { name: 'Table Header', exact: true }).click();
  await expect(reader.content.locator('th')).toHaveCount(2);
  await toolbar.getByRole('button', { name: 'Row', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Insert row below', exact: true }).click();
  await expect(reader.content.locator('tr')).toHaveCount(3);
  // The menu command gives the focus back in the next frame; a click before that frame would be undone.
  await expect(reader.content).toBeFocused();
  // Tab in the last cell adds a row.
  await reader.content.locator('tr').last().locator('td').last().click();
  await page.keyboard.press('Tab');
  await expect(reader.content.locator('tr')).toHaveCount(4);
  await expect.poll(() => writer.html()).toContain('<th><p>a</p></th><th><p>b</p></th>');
  await readerContext.close();
  await writerContext.close();
});
