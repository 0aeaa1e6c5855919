import { expect, test, type Page } from '@playwright/test';
import { ColorLimits } from '@shared/limits';
import { DEFAULT_COLORS } from '@shared/editor-options';
import { twoAuthors, type EditorPage } from './fixtures';

const picker = (page: Page) => page.getByRole('dialog', { name: 'Text Color' });
const presets = (page: Page) => picker(page).getByRole('grid', { name: 'Colors', exact: true });

async function typeAndSelectAll(editor: EditorPage, text: string): Promise<void> {
  await editor.typeFresh(text);
  await editor.page.keyboard.press('Control+A');
}

test('text colour: 28 swatches in rows of 7, applied for both authors, marked, erased, kept on reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Colours');
  const page = a.editor.page;
  await typeAndSelectAll(a.editor, 'colourful words');

  const trigger = page.getByRole('button', { name: 'Text Color' });
  await trigger.click();
  const rows = presets(page).getByRole('row');
  await expect(rows).toHaveCount(4);
  for (let r = 0; r < 4; r++) await expect(rows.nth(r).getByRole('gridcell')).toHaveCount(ColorLimits.presetsPerRow);
  const cells = presets(page).getByRole('gridcell');
  await expect(cells).toHaveCount(DEFAULT_COLORS.length + 1);
  await expect(cells.last()).toHaveAccessibleName('Remove Color');
  await expect(cells.first()).toHaveAttribute('title', '#61BD6D');
  await expect(presets(page).locator('[aria-selected="true"]')).toHaveCount(0);

  await presets(page).getByRole('gridcell', { name: '#E25041' }).click();
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('#E25041');
  // The browser serialises the stored hex as the baseline does: `rgb(…)` (parsed back to hex on import).
  await expect.poll(() => b.editor.html()).toContain('<span style="color: rgb(226, 80, 65);">colourful words</span>');
  await expect(b.editor.content.getByText('colourful words')).toHaveCSS('color', 'rgb(226, 80, 65)');
  await expect(page.locator('[data-item="textColor"] .colors-bar')).toHaveCSS('background-color', 'rgb(226, 80, 65)');

  // Re-opening with the caret in coloured text marks that swatch and pre-fills the hex field.
  await page.keyboard.press('ArrowLeft');
  await trigger.click();
  const marked = presets(page).getByRole('gridcell', { name: '#E25041' });
  await expect(marked).toHaveAttribute('aria-selected', 'true');
  // The check mark is an SVG icon.
  await expect(marked.locator('svg')).toBeVisible();
  await expect(marked).toBeFocused();
  await expect(picker(page).getByRole('textbox', { name: 'HEX Color' })).toHaveValue('#E25041');
  // Recently used colours: their own row above the grid.
  const recent = picker(page).getByRole('grid', { name: 'Recently used colors' });
  await expect(recent.getByRole('gridcell')).toHaveCount(1);
  await expect(recent.getByRole('gridcell', { name: '#E25041' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();

  // The background colour through the hex field, 8 digits (with alpha).
  await page.locator('.tiptap').click();
  await expect(page.locator('.tiptap')).toBeFocused();
  await page.keyboard.press('Control+A');
  // The picker applies to the editor's selection: make sure Ctrl+A reached the editor first.
  await expect.poll(() => page.evaluate(() => window.__tandem?.editor.state.selection.empty)).toBe(false);
  await page.getByRole('button', { name: 'Background Color' }).click();
  const bgPicker = page.getByRole('dialog', { name: 'Background Color' });
  await bgPicker.getByRole('textbox', { name: 'HEX Color' }).fill('#FF000080');
  await bgPicker.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => b.editor.xml()).toContain('#FF000080');

  // The eraser removes the text colour and keeps the background colour.
  await page.keyboard.press('Control+A');
  await trigger.click();
  await presets(page).getByRole('gridcell', { name: 'Remove Color' }).click();
  await expect.poll(() => b.editor.xml()).not.toContain('#E25041');
  expect(await b.editor.xml()).toContain('#FF000080');
  // No empty span is left: only the background colour remains on the text.
  await expect
    .poll(() => b.editor.html())
    .toMatch(/<p><span style="background-color: rgba\(255, 0, 0, 0\.5\d*\);">colourful words<\/span><\/p>/);

  await page.reload();
  await expect.poll(() => a.editor.xml()).toContain('#FF000080');
  await expect
    .poll(() => a.editor.html())
    .toMatch(/<p><span style="background-color: rgba\(255, 0, 0, 0\.5\d*\);">colourful words<\/span><\/p>/);
  await close();
});

test('the hex field takes at most 9 characters, expands #RGB and #RGBA like the baseline and refuses anything else', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Hex');
  const page = a.editor.page;
  await typeAndSelectAll(a.editor, 'hex text');
  await expect.poll(() => b.editor.xml()).toContain('hex text');
  await page.getByRole('button', { name: 'Text Color' }).click();
  const field = picker(page).getByRole('textbox', { name: 'HEX Color' });
  await expect(field).toHaveAttribute('placeholder', 'HEX Color');
  await field.pressSequentially('#FF00008000');
  await expect(field).toHaveValue('#FF000080');

  for (const bad of ['#FF', 'red', 'javascript:']) {
    await field.fill(bad);
    await field.press('Enter');
    const alert = picker(page).getByRole('alert');
    await expect(alert).toContainText('3, 4, 6 or 8 hexadecimal digits');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(picker(page)).toBeVisible();
  expect(await b.editor.xml()).not.toContain('textStyle');

  await field.fill('#2c82c9');
  await picker(page).getByRole('button', { name: 'OK' }).click();
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('#2C82C9');

  // The baseline's short forms, with or without #, are expanded.
  for (const [typed, stored] of [
    ['#F00', '#FF0000'],
    ['0f08', '#00FF0088'],
  ] as const) {
    await page.getByRole('button', { name: 'Text Color' }).click();
    await picker(page).getByRole('textbox', { name: 'HEX Color' }).fill(typed);
    await picker(page).getByRole('button', { name: 'OK' }).click();
    await expect(picker(page)).toBeHidden();
    await expect.poll(() => b.editor.xml()).toContain(stored);
  }
  await close();
});

test('keyboard only: open, move with the arrow keys (wrapping), apply with Enter', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Keys');
  const page = a.editor.page;
  await typeAndSelectAll(a.editor, 'keyboard colour');
  await page.getByRole('button', { name: 'Text Color' }).focus();
  await page.keyboard.press('Enter');
  await expect(presets(page).getByRole('gridcell').first()).toBeFocused();
  // Left from the first cell wraps to the eraser, Down from the last row wraps to the top row.
  await page.keyboard.press('ArrowLeft');
  await expect(presets(page).getByRole('gridcell', { name: 'Remove Color' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(presets(page).getByRole('gridcell', { name: DEFAULT_COLORS[6] })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(presets(page).getByRole('gridcell', { name: DEFAULT_COLORS[14] })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeHidden();
  await expect(a.editor.content).toBeFocused();
  await expect.poll(() => b.editor.xml()).toContain(DEFAULT_COLORS[14]);

  // German labels.
  await page.evaluate(() => localStorage.setItem('tandem.language', 'de'));
  await page.reload();
  await expect.poll(() => a.editor.xml()).toContain(DEFAULT_COLORS[14]);
  await expect(page.getByRole('button', { name: 'Textfarbe' })).toBeVisible();
  await page.getByRole('button', { name: 'Hintergrundfarbe' }).click();
  await expect(page.getByRole('textbox', { name: 'Hexadezimaler Farbwert' })).toBeVisible();
  await close();
});
