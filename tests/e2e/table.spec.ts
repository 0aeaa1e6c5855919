import { expect, test, type Page } from '@playwright/test';
import { TableLimits } from '@shared/limits';
import { createDocument, linkPath, openGerman, twoAuthors, type EditorPage } from './fixtures';

const tableToolbar = (page: Page, name = 'Table') => page.getByRole('toolbar', { name, exact: true });

/** Inserts a rows × cols table from the toolbar's grid picker, by mouse. */
async function insertTable(page: Page, rows: number, cols: number): Promise<void> {
  await page.getByRole('button', { name: 'Insert Table' }).click();
  const grid = page.getByRole('grid', { name: 'Table size' });
  await grid.getByRole('gridcell', { name: `${rows} × ${cols}`, exact: true }).hover();
  await expect(page.locator('.table-grid-label')).toHaveText(`${rows} × ${cols}`);
  await grid.getByRole('gridcell', { name: `${rows} × ${cols}`, exact: true }).click();
}

/** Runs an entry of a context-toolbar menu (Row, Column, Cell…). */
async function menu(page: Page, trigger: string, entry: string): Promise<void> {
  await tableToolbar(page).getByRole('button', { name: trigger, exact: true }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

const cellCounts = (editor: EditorPage) =>
  editor.page.evaluate(() =>
    [...document.querySelectorAll('.tiptap table tr')].map((tr) => tr.querySelectorAll('td, th').length),
  );

test('insert from the grid picker (hover, keyboard, never over 10 × 10), from quick insert and the / menu', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table insert');
  const page = a.editor.page;
  await a.editor.typeFresh('Before');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: 'Insert Table' }).click();
  const grid = page.getByRole('grid', { name: 'Table size' });
  await expect(grid.getByRole('row')).toHaveCount(TableLimits.insertGridMaxRows);
  await expect(grid.getByRole('gridcell')).toHaveCount(TableLimits.insertGridMaxRows * TableLimits.insertGridMaxCols);
  await grid.getByRole('gridcell', { name: '3 × 4', exact: true }).hover();
  await expect(page.locator('.table-grid-label')).toHaveText('3 × 4');
  await expect(grid.locator('.is-lit')).toHaveCount(12);
  await grid.getByRole('gridcell', { name: '3 × 4', exact: true }).click();

  await expect(a.editor.content.locator('table')).toHaveCount(1);
  expect(await cellCounts(a.editor)).toEqual([4, 4, 4]);
  // 100 % wide, equal columns, caret in the first cell.
  // (The browser's serialiser ends each style with a semicolon.)
  await expect.poll(() => b.editor.html()).toContain('<table style="width: 100%;"><colgroup><col style="width: 25%;">');
  await page.keyboard.insertText('first');
  await expect.poll(() => b.editor.html()).toContain('<td><p>first</p></td>');
  const tableWidth = await a.editor.content.locator('table').evaluate((t) => t.getBoundingClientRect().width);
  const editorWidth = await a.editor.content.evaluate((e) => e.clientWidth);
  expect(tableWidth).toBeGreaterThan(editorWidth * 0.85);

  // Keyboard: the grid opens on 1 × 1; arrows move, Enter inserts. The picker is off inside a table.
  await expect(page.getByRole('button', { name: 'Insert Table' })).toBeDisabled();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.insertText('After');
  await page.getByRole('button', { name: 'Insert Table' }).click();
  await expect(grid.getByRole('gridcell', { name: '1 × 1', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.table-grid-label')).toHaveText('2 × 2');
  await page.keyboard.press('Enter');
  await expect(a.editor.content.locator('table')).toHaveCount(2);

  // The / menu inserts 2 × 2 (the baseline's quick insert size).
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.insertText('/tab');
  await page.getByRole('option', { name: 'Table' }).click();
  await expect(a.editor.content.locator('table')).toHaveCount(3);
  await expect(b.editor.content.locator('table')).toHaveCount(3);
  await close();
});

test('header row and column, rows, columns, merge and split, remove: both authors see each change', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table edit');
  const page = a.editor.page;
  await a.editor.typeFresh('x');
  await page.keyboard.press('Enter');
  await insertTable(page, 2, 2);
  await expect(tableToolbar(page)).toBeVisible();

  await tableToolbar(page).getByRole('button', { name: 'Table Header' }).click();
  await expect(tableToolbar(page).getByRole('button', { name: 'Table Header' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(b.editor.content.locator('tr').first().locator('th')).toHaveCount(2);
  await tableToolbar(page).getByRole('button', { name: 'Header Column' }).click();
  await expect(b.editor.content.locator('tr').nth(1).locator('th')).toHaveCount(1);
  await tableToolbar(page).getByRole('button', { name: 'Header Column' }).click();
  await tableToolbar(page).getByRole('button', { name: 'Table Header' }).click();
  await expect(b.editor.content.locator('th')).toHaveCount(0);

  await menu(page, 'Row', 'Insert row below');
  await expect.poll(() => cellCounts(b.editor)).toEqual([2, 2, 2]);
  await menu(page, 'Row', 'Insert row above');
  await expect.poll(() => cellCounts(b.editor)).toEqual([2, 2, 2, 2]);
  await menu(page, 'Row', 'Delete row');
  await expect.poll(() => cellCounts(b.editor)).toEqual([2, 2, 2]);
  await menu(page, 'Column', 'Insert column after');
  await expect.poll(() => cellCounts(b.editor)).toEqual([3, 3, 3]);
  await menu(page, 'Column', 'Insert column before');
  await expect.poll(() => cellCounts(b.editor)).toEqual([4, 4, 4]);
  await menu(page, 'Column', 'Delete column');
  await expect.poll(() => cellCounts(b.editor)).toEqual([3, 3, 3]);

  // Merge two cells of the first row (a rectangular selection by Shift+arrow).
  await a.editor.content.locator('td').first().click();
  await page.keyboard.insertText('L');
  // From the end of the cell's text, Shift+ArrowRight selects this cell and the next.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(a.editor.content.locator('.selectedCell')).toHaveCount(2);
  await menu(page, 'Cell', 'Merge cells');
  await expect.poll(() => b.editor.html()).toContain('<td colspan="2">');
  expect(await cellCounts(b.editor)).toEqual([2, 3, 3]);
  // The merged cell splits back (vertical split), then a plain cell splits into two stacked (horizontal).
  await menu(page, 'Cell', 'Vertical split');
  await expect.poll(() => cellCounts(b.editor)).toEqual([3, 3, 3]);
  await menu(page, 'Cell', 'Horizontal split');
  await expect.poll(() => cellCounts(b.editor)).toEqual([3, 1, 3, 3]);
  await expect.poll(() => b.editor.html()).toContain('rowspan="2"');
  await page.keyboard.press('Control+z');
  await expect.poll(() => cellCounts(b.editor)).toEqual([3, 3, 3]);

  await tableToolbar(page).getByRole('button', { name: 'Remove Table' }).click();
  await expect(b.editor.content.locator('table')).toHaveCount(0);
  await expect(tableToolbar(page)).toBeHidden();
  await close();
});

test('cell background (7 per row, eraser, hex), alignments, table and cell styles, round trip on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table styles');
  const page = a.editor.page;
  await a.editor.typeFresh('x');
  await page.keyboard.press('Enter');
  await insertTable(page, 2, 3);
  await page.keyboard.insertText('cell');

  await tableToolbar(page).getByRole('button', { name: 'Cell Background' }).click();
  const presets = page.getByRole('grid', { name: 'Colors', exact: true });
  for (const row of await presets.getByRole('row').all()) {
    expect(await row.getByRole('gridcell').count()).toBeLessThanOrEqual(TableLimits.colorsPerRow);
  }
  await expect(presets.getByRole('row').first().getByRole('gridcell')).toHaveCount(TableLimits.colorsPerRow);
  await presets.getByRole('gridcell', { name: '#61BD6D' }).click();
  await expect.poll(() => b.editor.xml()).toContain('background="#61BD6D"');
  await expect.poll(() => b.editor.html()).toContain('<td style="background-color: rgb(97, 189, 109);">');
  await expect(b.editor.content.locator('td').first()).toHaveCSS('background-color', 'rgb(97, 189, 109)');
  // The hex field, then the eraser.
  await tableToolbar(page).getByRole('button', { name: 'Cell Background' }).click();
  await page.getByRole('textbox', { name: 'HEX Color' }).fill('#123456');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => b.editor.xml()).toContain('background="#123456"');
  await tableToolbar(page).getByRole('button', { name: 'Cell Background' }).click();
  await presets.getByRole('gridcell', { name: 'Remove Color' }).click();
  await expect.poll(() => b.editor.html()).not.toContain('background-color');

  await tableToolbar(page).getByRole('button', { name: 'Vertical Align' }).click();
  await page.getByRole('menuitemradio', { name: 'Middle' }).click();
  await tableToolbar(page).getByRole('button', { name: 'Horizontal Align' }).click();
  await page.getByRole('menuitemradio', { name: 'Align Right' }).click();
  await expect.poll(() => b.editor.html()).toContain('<td style="text-align: right; vertical-align: middle;">');
  await expect(b.editor.content.locator('td').first()).toHaveCSS('vertical-align', 'middle');

  await tableToolbar(page).getByRole('button', { name: 'Table Style' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dashed Borders' }).click();
  await tableToolbar(page).getByRole('button', { name: 'Table Style' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Alternate Rows' }).click();
  await tableToolbar(page).getByRole('button', { name: 'Cell Style' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Thick' }).click();
  await expect.poll(() => b.editor.html()).toContain('<table class="fr-dashed-borders fr-alternate-rows"');
  await expect.poll(() => b.editor.html()).toContain('class="fr-thick"');
  await expect(b.editor.content.locator('td').first()).toHaveCSS('border-top-style', 'dashed');

  const before = await a.editor.html();
  await b.editor.page.reload();
  await expect(b.editor.content.locator('table')).toBeVisible();
  await expect.poll(() => b.editor.html()).toBe(before);
  await close();
});

test('keyboard: Tab and Shift+Tab, Tab in the last cell adds a row, Backspace clears selected cells, arrows leave', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Table keys');
  const page = a.editor.page;
  await a.editor.content.click();
  await insertTable(page, 2, 2);
  for (const text of ['a1', 'b1', 'a2', 'b2']) {
    await page.keyboard.insertText(text);
    await page.keyboard.press('Tab');
  }
  // Tab in the last cell added a third row, with the caret in it.
  await expect.poll(() => cellCounts(b.editor)).toEqual([2, 2, 2]);
  await page.keyboard.insertText('a3');
  // Shift+Tab selects the previous cell's text (as the table plugin does); End puts the caret after it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.insertText('<');
  await expect.poll(() => b.editor.html()).toContain('<td><p>b2&lt;</p></td></tr><tr><td><p>a3</p>');

  // Select two cells with Shift+arrows; Backspace empties them and keeps the table.
  await a.editor.content.locator('td').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(a.editor.content.locator('.selectedCell')).toHaveCount(4);
  await page.keyboard.press('Backspace');
  await expect.poll(() => cellCounts(b.editor)).toEqual([2, 2, 2]);
  await expect
    .poll(() => b.editor.html())
    .toContain(
      '<tbody><tr><td><p></p></td><td><p></p></td></tr><tr><td><p></p></td><td><p></p></td></tr><tr><td><p>a3</p>',
    );

  // A table that starts the document: ArrowUp from its first line makes a paragraph above it.
  await a.editor.content.locator('td').first().click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.insertText('Title');
  await expect.poll(() => b.editor.html()).toMatch(/^<p>Title<\/p><table/);
  await close();
});

test('selecting cells by dragging shows the table toolbar for them, reachable by keyboard (Alt+F10), in German too', async ({
  browser,
  request,
}) => {
  const { a, close } = await twoAuthors(browser, request, 'Table drag');
  const page = a.editor.page;
  await a.editor.content.click();
  await insertTable(page, 3, 3);
  const cells = a.editor.content.locator('td');
  await cells.nth(0).hover();
  await page.mouse.down();
  await cells.nth(4).hover();
  await page.mouse.up();
  await expect(a.editor.content.locator('.selectedCell')).toHaveCount(4);
  await expect(tableToolbar(page)).toBeVisible();
  await page.keyboard.press('Alt+F10');
  await expect(tableToolbar(page).getByRole('button', { name: 'Table Header' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tableToolbar(page).getByRole('button', { name: 'Header Column' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(a.editor.content).toBeFocused();
  for (const name of [
    'Table Header',
    'Header Column',
    'Row',
    'Column',
    'Cell',
    'Cell Background',
    'Vertical Align',
    'Horizontal Align',
    'Table Style',
    'Cell Style',
    'Remove Table',
  ]) {
    await expect(tableToolbar(page).getByRole('button', { name, exact: true })).toBeVisible();
  }
  await close();

  const german = await openGerman(browser, request, 'Tabelle');
  const de = german.editor.page;
  await german.editor.content.click();
  await de.getByRole('button', { name: 'Tabelle einfügen' }).click();
  await de.getByRole('grid', { name: 'Tabellengröße' }).getByRole('gridcell', { name: '2 × 2', exact: true }).click();
  const deToolbar = tableToolbar(de, 'Tabelle');
  for (const name of [
    'Tabellenkopf',
    'Kopfspalte',
    'Zeile',
    'Spalte',
    'Zelle',
    'Zellenhintergrund',
    'Vertikale Ausrichtung',
    'Horizontale Ausrichtung',
    'Tabellenstil',
    'Zellenstil',
    'Tabelle entfernen',
  ]) {
    await expect(deToolbar.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await deToolbar.getByRole('button', { name: 'Tabellenstil' }).click();
  await expect(de.getByRole('menuitemcheckbox', { name: 'Gestrichelte Rahmen' })).toBeVisible();
  await german.context.close();
});

for (const width of [1400, 390])
  test(`[${width} px] the table toolbar covers neither the paragraph above the table nor its cells`, async ({
    browser,
    request,
  }) => {
    const doc = await createDocument(request, 'Table toolbar place');
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(linkPath(doc.editorUrl));
    await expect(page.locator('[data-status="connected"]')).toBeVisible();
    await page.evaluate(() => {
      const tandem = window.__tandem as unknown as { editor: { commands: { setContent: (h: string) => boolean } } };
      tandem.editor.commands.setContent(
        '<p>The paragraph above</p><table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table><p>after</p>',
      );
    });
    await page.locator('.tiptap td').first().click();
    const bar = page.getByRole('toolbar', { name: 'Table' });
    await expect(bar).toBeVisible();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // The toolbar settles (it follows the table) before its place is read.
    await expect
      .poll(async () => {
        const [box, above, table] = await Promise.all([
          bar.boundingBox(),
          page.locator('.tiptap p', { hasText: 'The paragraph above' }).boundingBox(),
          page.locator('.tiptap table').boundingBox(),
        ]);
        if (!box || !above || !table) return 'not laid out';
        if (overlaps(box, above)) return 'covers the paragraph above';
        if (overlaps(box, table)) return 'covers the table';
        return 'clear';
      })
      .toBe('clear');
    await context.close();
  });
