import { expect, test, type Page } from '@playwright/test';
import { TableLimits } from '@shared/limits';
import { twoAuthors, type EditorPage, boxOf } from './fixtures';

const tableToolbar = (page: Page) => page.getByRole('toolbar', { name: 'Table', exact: true });

async function insertTable(page: Page, rows: number, cols: number): Promise<void> {
  await page.getByRole('button', { name: 'Insert Table' }).click();
  await page
    .getByRole('grid', { name: 'Table size' })
    .getByRole('gridcell', { name: `${rows} × ${cols}`, exact: true })
    .click();
}

async function menu(page: Page, trigger: string, entry: string): Promise<void> {
  await tableToolbar(page).getByRole('button', { name: trigger, exact: true }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Widths of the first row's cells as laid out, in pixels. */
const columnWidths = (editor: EditorPage) =>
  editor.content
    .locator('tr')
    .first()
    .locator('td, th')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));

/** Drags the right border of the first row's cell `index` by `dx` pixels. */
async function dragBorder(page: Page, editor: EditorPage, index: number, dx: number): Promise<void> {
  const box = await boxOf(editor.content.locator('tr').first().locator('td').nth(index));
  const x = box.x + box.width - 1;
  const y = box.y + box.height / 2;
  await page.mouse.move(x - 3, y);
  await page.mouse.move(x, y);
  await expect(editor.content).toHaveClass(/resize-cursor/);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

test('column resize: dragged for both authors live, never under 30 px, one undo step, kept as percentages', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table resize');
  const page = a.editor.page;
  await a.editor.content.click();
  await insertTable(page, 2, 3);
  const before = await columnWidths(a.editor);

  await dragBorder(page, a.editor, 0, 120);
  await expect.poll(async () => (await columnWidths(a.editor))[0] ?? 0).toBeGreaterThan((before[0] ?? 0) + 60);
  // The other author sees the new widths; the table still fills the width (percentages, not pixels).
  await expect.poll(() => b.editor.html()).toMatch(/<col style="width: (3[5-9]|4\d)(\.\d+)?%;">/);
  const widthsB = await columnWidths(b.editor);
  expect(widthsB[0] ?? 0).toBeGreaterThan((widthsB[1] ?? 0) + 40);
  const html = await b.editor.html();
  expect(html).toContain('<table style="width: 100%;">');
  expect(html).not.toMatch(/width: \d+px/);

  // One undo step takes the drag back: equal columns again.
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => {
      const [first = 0, second = 0] = await columnWidths(b.editor);
      return Math.abs(first - second);
    })
    .toBeLessThan(4);

  // A drag far to the left stops at the limit.
  await dragBorder(page, a.editor, 1, -600);
  await expect.poll(async () => (await columnWidths(a.editor))[1] ?? 0).toBeLessThan(before[1] ?? 0);
  const stored = await a.editor.page.evaluate(() => window.__tandem?.ydoc.getXmlFragment('default').toString() ?? '');
  const widths = [...stored.matchAll(/colwidth="([\d,]+)"/g)].flatMap((m) => (m[1] ?? '').split(',').map(Number));
  expect(widths.length).toBeGreaterThan(0);
  for (const w of widths) expect(w).toBeGreaterThanOrEqual(TableLimits.resizeLimitPx);
  await close();
});

/** Pastes HTML through a real clipboard event in the editor. */
async function pasteHtml(page: Page, html: string, text = ''): Promise<void> {
  await page.evaluate(
    ([h, t]) => {
      const target = document.querySelector('.tiptap');
      const data = new DataTransfer();
      data.setData('text/html', h ?? '');
      data.setData('text/plain', t ?? '');
      target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [html, text],
  );
}

test('paste into selected cells: a table fills them from the top-left cell (adding rows), anything else is refused with our message', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table paste');
  const page = a.editor.page;
  await a.editor.content.click();
  await insertTable(page, 2, 2);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(a.editor.content.locator('.selectedCell')).toHaveCount(2);

  await pasteHtml(page, '<p>just words</p>', 'just words');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('The content you are pasting does not contain a table.');
  await expect(alert).toContainText('Please ensure the copied content is in table format.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(a.editor.content).toBeFocused();
  expect(await b.editor.html()).not.toContain('just words');

  await pasteHtml(
    page,
    '<table><tr><td>p1</td><td>p2</td></tr><tr><td>p3</td><td>p4</td></tr><tr><td>p5</td><td>p6</td></tr></table>',
  );
  await expect
    .poll(() => b.editor.html())
    .toContain(
      '<tr><td><p>p1</p></td><td><p>p2</p></td></tr><tr><td><p>p3</p></td><td><p>p4</p></td></tr><tr><td><p>p5</p></td><td><p>p6</p></td></tr>',
    );
  await close();
});

test('two authors: typing in a cell while the other adds a row, merges cells, resizes and deletes a column; both converge', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table together');
  const pageA = a.editor.page;
  const pageB = b.editor.page;
  await a.editor.content.click();
  await insertTable(pageA, 3, 3);
  for (const [i, text] of ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'].entries()) {
    if (i > 0) await pageA.keyboard.press('Tab');
    await pageA.keyboard.insertText(text);
  }
  await expect.poll(() => b.editor.html()).toContain('<p>c3</p>');

  // Ada types in the first cell between Bob's changes of the table (each sent before the other's arrives).
  await a.editor.content.locator('td').first().click();
  await pageA.keyboard.press('End');
  const adaTypes = async (text: string): Promise<void> => {
    for (const ch of text) await pageA.keyboard.type(ch);
  };
  await b.editor.content.locator('td').nth(4).click();
  await adaTypes(' typed');
  await menu(pageB, 'Row', 'Insert row below');
  await adaTypes(' by');
  await b.editor.content.locator('td').nth(7).click();
  await pageB.keyboard.press('End');
  await pageB.keyboard.press('Shift+ArrowRight');
  await menu(pageB, 'Cell', 'Merge cells');
  await adaTypes(' Ada');
  await dragBorder(pageB, b.editor, 1, 60);
  await b.editor.content.locator('td').nth(2).click();
  await adaTypes('!');
  await menu(pageB, 'Column', 'Delete column');

  const settled = async (): Promise<string> => {
    const [ha, hb] = [await a.editor.html(), await b.editor.html()];
    return ha === hb ? ha : `differ:\n${ha}\n${hb}`;
  };
  // Both documents equal (no "differ:" prefix) and holding every keystroke of Ada's.
  await expect.poll(settled).toMatch(/^(?!differ:)[\s\S]*a1 typed by Ada!/);
  const html = await settled();
  // Every text survives except the deleted column's (c1, c2, c3).
  for (const text of ['a2', 'b1', 'b2', 'a3', 'b3']) expect(html).toContain(text);
  for (const text of ['c1', 'c2', 'c3']) expect(html).not.toContain(`<p>${text}</p>`);
  await close();
});
