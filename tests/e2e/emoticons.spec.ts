import { expect, test, type Page } from '@playwright/test';
import { createDocument, gotoGerman, linkPath, twoAuthors } from './fixtures';

const categories = [
  'Smileys & People',
  'Animals & Nature',
  'Food & Drink',
  'Activities',
  'Travel & Places',
  'Objects',
  'Symbols',
  'Flags',
];
const picker = (page: Page) => page.getByRole('dialog', { name: 'Emoticons' });

test('picker: 8 tabs, tab switching, search, keyboard grid, insert for both authors, one undo', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Emoticons');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Hello ');

  await page.getByRole('button', { name: 'Emoticons' }).click();
  const tabs = picker(page).getByRole('tab');
  await expect(tabs).toHaveText(categories);
  await expect(picker(page).getByRole('tab', { name: 'Smileys & People' })).toHaveAttribute('aria-selected', 'true');
  const grinning = picker(page).getByRole('button', { name: 'Grinning face', exact: true });
  await expect(grinning).toHaveAttribute('title', 'Grinning face');

  // Switching to Flags swaps the grid.
  await picker(page).getByRole('tab', { name: 'Flags' }).click();
  await expect(picker(page).getByRole('button', { name: 'Flag: Germany' })).toBeVisible();
  await expect(grinning).toHaveCount(0);

  // Arrow keys move through the grid, Enter inserts.
  const first = picker(page).locator('.char-grid-cell').first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const second = picker(page).locator('.char-grid-cell').nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const below = page.locator(':focus');
  const [x2, xBelow] = [await second.boundingBox(), await below.boundingBox()];
  expect(xBelow?.x).toBeCloseTo(x2?.x ?? -1, 0);
  expect(xBelow?.y ?? 0).toBeGreaterThan(x2?.y ?? 0);
  const chosen = (await below.textContent()) ?? '';
  expect(chosen.length).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain(`Hello ${chosen}`);

  // Search (English names and shortcodes); the result is inserted at the caret as its own undo step.
  await page.waitForTimeout(600); // the undo manager groups changes closer than 500 ms
  await page.getByRole('button', { name: 'Emoticons' }).click();
  const search = picker(page).getByRole('searchbox', { name: 'Search Emoticons' });
  await expect(search).toBeFocused();
  await search.fill('pizz');
  await expect(picker(page).getByRole('group', { name: 'Search results' })).toBeVisible();
  await search.fill('nosuchemojiatall');
  await expect(picker(page).getByText('No emoticons found.')).toBeVisible();
  await search.fill(':pizza');
  await picker(page).getByRole('button', { name: 'Pizza', exact: true }).click();
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain(`Hello ${chosen}🍕`);
  await expect(a.editor.content).toBeFocused();

  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.xml()).not.toContain('🍕');
  expect(await b.editor.xml()).toContain(`Hello ${chosen}`);

  // Backspace removes a whole emoji (no half surrogate pair left behind).
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await expect.poll(() => b.editor.xml()).toContain('Hello <');
  expect(await b.editor.xml()).not.toMatch(/[\uD800-\uDFFF]/);

  await close();
});

test('typing :smile: becomes 😄 for both authors and survives a reload', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Shortcodes');
  const page = a.editor.page;
  await a.editor.content.click();
  // The first colon starts loading the shortcode map; a fast typist may finish before it arrives.
  await page.keyboard.type('Hi :smile: and :thumbsup: at 10:30: ok');
  await expect.poll(() => b.editor.xml()).toContain('Hi 😄 and 👍\u{FE0F} at 10:30: ok');
  expect(await b.editor.xml()).not.toContain(':smile:');
  await page.keyboard.type(' :heart:');
  await expect.poll(() => b.editor.xml()).toContain('ok ❤️');

  await b.editor.page.reload();
  await expect(b.editor.content).toContainText('Hi 😄 and 👍');
  await expect(b.editor.content).toContainText('ok ❤️');
  await close();
});

test('the / menu entry opens the picker', async ({ page, request }) => {
  const doc = await createDocument(request, 'Slash');
  await page.goto(linkPath(doc.editorUrl));
  await page.locator('.tiptap').click();
  await page.keyboard.type('/emoti');
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeVisible();
  await picker(page).getByRole('button', { name: 'Grinning face', exact: true }).click();
  await expect(picker(page)).toBeHidden();
  await expect(page.locator('.tiptap p').first()).toHaveText('😀');
});

test('German labels', async ({ page, request }) => {
  await gotoGerman(page, request, 'Deutsch');
  await page.getByRole('button', { name: 'Emoticons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emoticons' });
  await expect(dialog.getByRole('tab')).toHaveText([
    'Smileys & Personen',
    'Tiere & Natur',
    'Essen & Trinken',
    'Aktivitäten',
    'Reisen & Orte',
    'Objekte',
    'Symbole',
    'Flaggen',
  ]);
  await expect(dialog.getByRole('searchbox', { name: 'Emoticons suchen' })).toBeVisible();
});
