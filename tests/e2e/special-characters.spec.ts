import { expect, test, type Page } from '@playwright/test';
import { createDocument, gotoGerman, linkPath, twoAuthors } from './fixtures';

const sets = ['Latin', 'Greek', 'Cyrillic', 'Punctuation', 'Currency', 'Arrows', 'Math', 'Misc'];
const picker = (page: Page) => page.getByRole('dialog', { name: 'Special Characters' });

test('8 tabs; € from Currency lands at the caret for both authors, popup closes, one undo removes it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Special');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Price: 5');
  await page.waitForTimeout(600); // the undo manager groups changes closer than 500 ms

  const trigger = page.getByRole('button', { name: 'Special Characters' });
  await trigger.click();
  await expect(picker(page).getByRole('tab')).toHaveText(sets);
  await expect(picker(page).getByRole('button', { name: 'LATIN CAPITAL LETTER A WITH GRAVE' })).toBeVisible();
  await picker(page).getByRole('tab', { name: 'Currency' }).click();
  await expect(picker(page).getByRole('button', { name: 'LATIN CAPITAL LETTER A WITH GRAVE' })).toHaveCount(0);
  const euro = picker(page).getByRole('button', { name: 'Euro', exact: true });
  await expect(euro).toHaveAttribute('title', 'Euro');
  await euro.click();
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('Price: 5€');
  await expect(a.editor.content).toBeFocused();

  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.xml()).not.toContain('€');
  expect(await b.editor.xml()).toContain('Price: 5');

  // Escape closes without inserting and gives the focus back to the button.
  await trigger.click();
  await expect(picker(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker(page)).toBeHidden();
  await expect(trigger).toBeFocused();
  await close();
});

test('arrow keys follow the grid’s real columns; Enter inserts; content survives a reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Grid');
  const page = a.editor.page;
  await a.editor.typeAtEnd('x');
  await page.getByRole('button', { name: 'Special Characters' }).click();
  await picker(page).getByRole('tab', { name: 'Greek' }).click();

  const alpha = picker(page).getByRole('button', { name: 'GREEK CAPITAL LETTER ALPHA' });
  await alpha.focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker(page).getByRole('button', { name: 'GREEK CAPITAL LETTER BETA' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(alpha).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const below = page.locator(':focus');
  const [from, to] = [await alpha.boundingBox(), await below.boundingBox()];
  expect(to?.x).toBeCloseTo(from?.x ?? -1, 0);
  expect(to?.y ?? 0).toBeGreaterThan(from?.y ?? 0);
  await page.keyboard.press('ArrowUp');
  await expect(alpha).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker(page)).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('xΑ');

  // Characters that look like markup arrive as text.
  await page.getByRole('button', { name: 'Special Characters' }).click();
  await picker(page).getByRole('tab', { name: 'Math' }).click();
  await picker(page).getByRole('button', { name: 'Less-than', exact: true }).click();
  await expect.poll(() => b.editor.xml()).toContain('<paragraph>xΑ<</paragraph>');

  await b.editor.page.reload();
  await expect(b.editor.content).toContainText('xΑ<');
  await close();
});

test('the / menu entry opens the picker and the character lands in that block', async ({ page, request }) => {
  const doc = await createDocument(request, 'Slash');
  await page.goto(linkPath(doc.editorUrl));
  await page.locator('.tiptap').click();
  await page.keyboard.type('/special');
  await page.getByRole('listbox', { name: 'Insert' }).getByRole('option', { name: 'Special Characters' }).click();
  await expect(picker(page)).toBeVisible();
  await picker(page).getByRole('tab', { name: 'Arrows' }).click();
  await picker(page).getByRole('button', { name: 'Right-pointing arrow', exact: true }).click();
  await expect(picker(page)).toBeHidden();
  await expect(page.locator('.tiptap p').first()).toHaveText('→');
});

test('German labels', async ({ page, request }) => {
  await gotoGerman(page, request, 'Sonderzeichen');
  await page.getByRole('button', { name: 'Sonderzeichen' }).click();
  await expect(page.getByRole('dialog', { name: 'Sonderzeichen' }).getByRole('tab')).toHaveText([
    'Lateinisch',
    'Griechisch',
    'Kyrillisch',
    'Satzzeichen',
    'Währungen',
    'Pfeile',
    'Mathematik',
    'Verschiedenes',
  ]);
});
