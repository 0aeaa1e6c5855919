import { expect, test, type Page } from '@playwright/test';
import { newEditor, openGerman, twoAuthors, type Author } from './fixtures';

const SHOTS = '/tmp/shots-icons';
const BLUE = '#2C82C9';
const BLUE_RGB = 'rgb(44, 130, 201)';

const picker = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The icon `name` in an author's editor: its element, coloured, with its drawing. */
const iconIn = (author: Author, name: string) => author.editor.content.locator(`.fr-icon[data-icon="${name}"]`);

/** The picker at 1400 and 390 px (where the button sits behind "More Text"), with `query` typed, for the eye. */
async function shoot(
  page: Page,
  labels: { insert: string; more: string; search: string },
  query: string,
  file: string,
) {
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The toolbar lays itself out for the width first (at 390 px the button moves behind "More").
    await expect(page.locator('[data-breakpoint]').first()).toHaveAttribute(
      'data-breakpoint',
      width === 1400 ? 'desktop' : 'phone',
    );
    const button = page.getByRole('button', { name: labels.insert });
    if (!(await button.isVisible())) await page.getByRole('button', { name: labels.more }).click();
    await button.click();
    const dialog = picker(page, labels.insert);
    if (query) await dialog.getByRole('searchbox', { name: labels.search }).fill(query);
    await expect(dialog.locator('.char-grid-cell').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${file}-${String(width)}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

const english = { insert: 'Insert Icon', more: 'More Text', search: 'Search icons' };
const german = { insert: 'Symbol einfügen', more: 'Mehr Text', search: 'Symbole suchen' };

test('English: found by keyword, inserted with a colour, seen by the other author; keyboard and recently used', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Icons');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Call ');

  await page.getByRole('button', { name: 'Insert Icon' }).click();
  const dialog = picker(page, 'Insert Icon');
  const search = dialog.getByRole('searchbox', { name: 'Search icons' });
  await expect(search).toBeFocused();
  // A keyword that is no part of the name (Lucide's name is "phone").
  await search.fill('telephone');
  await expect(dialog.getByRole('group', { name: 'Search results' })).toBeVisible();
  await dialog.getByRole('group', { name: 'Icon colour' }).getByRole('button', { name: BLUE }).click();
  await expect(dialog.getByRole('button', { name: BLUE })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('combobox', { name: 'Icon size' }).selectOption('24px');
  await dialog.getByRole('button', { name: 'Phone', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(a.editor.content).toBeFocused();

  // Ada and Bob see the same icon: drawn, coloured, sized, named.
  for (const author of [a, b]) {
    const icon = iconIn(author, 'phone');
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('role', 'img');
    await expect(icon).toHaveAttribute('aria-label', 'Phone');
    await expect(icon).toHaveCSS('color', BLUE_RGB);
    await expect(icon).toHaveCSS('font-size', '24px');
    await expect(icon.locator('svg path').first()).toBeAttached();
  }
  await expect.poll(() => b.editor.xml()).toContain(`<icon color="${BLUE}" name="phone" size="24px"></icon>`);

  // Keyboard: the recently used tab comes first; arrows in the grid, Enter inserts, Escape returns to the editor.
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Insert Icon' }).click();
  await expect(dialog.getByRole('tab', { name: 'Recently used' })).toHaveAttribute('aria-selected', 'true');
  const recent = dialog.getByRole('group', { name: 'Recently used' }).getByRole('button');
  await expect(recent).toHaveCount(1);
  await expect(recent).toHaveAccessibleName('Phone');
  await dialog.getByRole('tab', { name: 'Arrows' }).click();
  const grid = dialog.getByRole('group', { name: 'Arrows' });
  await grid.locator('.char-grid-cell').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(grid.locator('.char-grid-cell').nth(1)).toBeFocused();
  const chosen = (await grid.locator('.char-grid-cell').nth(1).getAttribute('data-char')) ?? '';
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(iconIn(b, chosen)).toBeVisible();
  await page.getByRole('button', { name: 'Insert Icon' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(a.editor.content).toBeFocused();

  // The HTML export draws the icons inline.
  const html = await page.evaluate(() => window.__tandem?.exportHtml?.() ?? Promise.resolve(''));
  expect(html).toMatch(/<i class="fr-icon" data-icon="phone"[^>]*><svg [^>]*>(<path d="[^"]+"><\/path>)+/);

  await shoot(page, english, '', 'picker-en');
  await shoot(page, english, 'arrow', 'picker-en-search');
  await close();
});

test('German: found by a German keyword, named in German, seen by an English author in the same colour', async ({
  browser,
  request,
}) => {
  const a = await openGerman(browser, request, 'Symbole');
  const b = await newEditor(browser);
  await b.editor.open(a.doc.editorUrl, 'Bob');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Mit ');

  await page.getByRole('button', { name: 'Symbol einfügen' }).click();
  const dialog = picker(page, 'Symbol einfügen');
  await expect(dialog.getByRole('tab', { name: 'Pfeile' })).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Symbole suchen' }).fill('Herz');
  await dialog.getByRole('group', { name: 'Farbe des Symbols' }).getByRole('button', { name: BLUE }).click();
  await dialog.getByRole('button', { name: 'Herz', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(iconIn(a, 'heart')).toHaveAttribute('aria-label', 'Herz');
  await expect(iconIn(a, 'heart')).toHaveCSS('color', BLUE_RGB);
  await expect(iconIn(b, 'heart')).toHaveAttribute('aria-label', 'Heart');
  await expect(iconIn(b, 'heart')).toHaveCSS('color', BLUE_RGB);

  await shoot(page, german, '', 'picker-de');
  await shoot(page, german, 'Pfeil', 'picker-de-search');
  await a.context.close();
  await b.context.close();
});
