import { expect, test } from '@playwright/test';
import { boxOf, createDocument, twoAuthors } from './fixtures';

test('the "+" button sits beside an empty block and inserts for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Quick insert');
  const page = a.editor.page;
  const plus = page.getByRole('button', { name: 'Quick Insert' });

  await expect(plus).toBeHidden();
  await a.editor.content.click();
  await expect(plus).toBeVisible();
  // Beside the block, to the left of the text.
  const [plusBox, contentBox] = [await boxOf(plus), await boxOf(page.locator('.tiptap p').first())];
  expect(plusBox.x + plusBox.width).toBeLessThanOrEqual(contentBox.x);

  await page.keyboard.type('x');
  await expect(plus).toBeHidden();
  await page.keyboard.press('Backspace');
  await expect(plus).toBeVisible();

  await plus.click();
  const filter = page.getByRole('combobox', { name: 'Filter' });
  await expect(filter).toBeFocused();
  await expect(page.getByRole('option', { name: 'Insert Horizontal Line' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Code Block' })).toBeVisible();
  await page.getByRole('option', { name: 'Unordered List' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.locator('.tiptap ul li')).toHaveCount(1);
  await expect.poll(() => b.editor.xml()).toContain('<bulletlist>');
  // The caret is back in the new list item: typing lands there.
  await page.keyboard.type('item');
  await expect.poll(() => b.editor.xml()).toContain('item');

  await b.editor.page.reload();
  await expect.poll(() => b.editor.xml()).toContain('<bulletlist><listitem><paragraph>item</paragraph>');
  await close();
});

test('the "+" menu filters by typing and is keyboard navigable', async ({ page, request }) => {
  const doc = await createDocument(request, 'Quick insert keys');
  const url = new URL(doc.editorUrl);
  await page.goto(url.pathname + url.hash);
  await page.locator('.tiptap').click();
  await page.getByRole('button', { name: 'Quick Insert' }).click();
  // A first open may wait for the popup's code: type once its filter has the focus.
  await expect(page.getByRole('combobox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type('code');
  const list = page.getByRole('listbox', { name: 'Insert' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { name: 'Code Block' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('nothing-like-this');
  await expect(page.getByText('No results')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Filter' })).toBeHidden();
  // Focus went back to the editor, to the same empty block.
  await expect(page.locator('.tiptap')).toBeFocused();
  await page.getByRole('button', { name: 'Quick Insert' }).click();
  await page.keyboard.type('line');
  await page.keyboard.press('Enter');
  await expect(page.locator('.tiptap hr')).toHaveCount(1);
});

test('the / menu filters, runs with Enter for both authors, and closes with Escape', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Slash menu');
  const page = a.editor.page;
  await a.editor.content.click();

  await page.keyboard.type('/');
  const list = page.getByRole('listbox', { name: 'Insert' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option', { name: 'Code Block' })).toBeVisible();
  // The other author's editor never shows this author's menu.
  await expect(b.editor.page.getByRole('listbox')).toHaveCount(0);

  await page.keyboard.type('hor');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { name: 'Insert Horizontal Line' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('<horizontalrule>');
  expect(await b.editor.xml()).toBe('<horizontalrule></horizontalrule><paragraph></paragraph>');
  await expect(b.editor.page.locator('.tiptap hr')).toHaveCount(1);

  // Arrow keys move the highlight; Escape closes and leaves the typed text alone.
  await page.keyboard.type('/');
  await expect(list).toBeVisible();
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect.poll(() => a.editor.xml()).toContain('/');

  // No match: a message instead of the list.
  await page.keyboard.type(' /zzqq');
  await expect(page.getByText('No results')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('No results')).toBeHidden();

  await b.editor.page.reload();
  await expect(b.editor.page.locator('.tiptap hr')).toHaveCount(1);
  await close();
});
