import { expect, test } from '@playwright/test';
import { twoAuthors, type EditorPage } from './fixtures';

/** Clicks into the block with this text and waits until the editor's selection is really there. */
async function caretInto(editor: EditorPage, text: string): Promise<void> {
  await editor.content.getByText(text, { exact: true }).click();
  await expect
    .poll(() => editor.page.evaluate(() => window.__tandem?.editor.state.selection.$from.parent.textContent))
    .toBe(text);
}

test('lists: convert, nest with Tab and buttons, advanced types and start number, for both authors', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Lists');
  const page = a.editor.page;
  const theirs = b.editor.content;

  await a.editor.content.click();
  for (const [i, word] of ['one', 'two', 'three'].entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.insertText(word);
  }
  await page.keyboard.press('Control+A');
  const ul = page.getByRole('button', { name: 'Unordered List', exact: true });
  await ul.click();
  await expect(theirs.locator('ul > li')).toHaveCount(3);

  // Tab on item 2 nests it under item 1; the focus stays in the editor.
  await caretInto(a.editor, 'two');
  await expect(ul).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(theirs.locator('ul > li > ul > li')).toContainText('two');
  await expect(a.editor.content).toBeFocused();
  // Tab on the first item cannot nest it, and must not leave the editor either.
  await caretInto(a.editor, 'one');
  await page.keyboard.press('Tab');
  await expect(a.editor.content).toBeFocused();
  await expect(page.getByRole('button', { name: 'Increase Indent', exact: true })).toBeDisabled();
  await caretInto(a.editor, 'two');
  await page.keyboard.press('Shift+Tab');
  await expect(theirs.locator('ul ul')).toHaveCount(0);
  // The same with the toolbar buttons and Ctrl+] / Ctrl+[.
  await page.getByRole('button', { name: 'Increase Indent', exact: true }).click();
  await expect(theirs.locator('ul > li > ul > li')).toContainText('two');
  await page.getByRole('button', { name: 'Decrease Indent', exact: true }).click();
  await expect(theirs.locator('ul ul')).toHaveCount(0);
  await page.keyboard.press('Control+BracketRight');
  await expect(theirs.locator('ul > li > ul > li')).toContainText('two');
  await page.keyboard.press('Control+BracketLeft');
  await expect(theirs.locator('ul ul')).toHaveCount(0);

  // Ordered list (converts the whole list), Lower Roman, start number 3.
  await caretInto(a.editor, 'one');
  await page.getByRole('button', { name: 'Ordered List', exact: true }).click();
  await expect(theirs.locator('ol > li')).toHaveCount(3);
  await page.getByRole('button', { name: 'Ordered List Type', exact: true }).click();
  await page.getByRole('menuitemradio', { name: 'Lower Roman' }).click();
  await expect(theirs.locator('ol')).toHaveAttribute('style', /list-style-type: lower-roman/);
  await page.getByRole('button', { name: 'Ordered List Type', exact: true }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Lower Roman' })).toHaveAttribute('aria-checked', 'true');
  const start = page.getByRole('textbox', { name: 'Start number' });
  await start.fill('-2');
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a whole number of 0 or more.');
  await start.fill('3');
  await start.press('Enter');
  await expect(theirs.locator('ol')).toHaveAttribute('start', '3');

  // The other author reloads: type and start number were stored.
  await b.editor.page.reload();
  await expect(theirs.locator('ol')).toHaveAttribute('start', '3');
  await expect(theirs.locator('ol')).toHaveAttribute('style', /list-style-type: lower-roman/);

  // Unordered again converts the list, a second time turns the (selected) items back into paragraphs.
  await caretInto(a.editor, 'one');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await ul.click();
  await expect(theirs.locator('ul > li')).toHaveCount(3);
  await ul.click();
  await expect(theirs.locator('ul, ol')).toHaveCount(0);
  await expect(theirs.locator('p', { hasText: 'three' })).toHaveCount(1);

  await close();
});

test('choosing an unordered list type outside a list creates the list; Default removes the type', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'List types');
  const page = a.editor.page;
  await a.editor.typeAtEnd('item');
  const type = page.getByRole('button', { name: 'Unordered List Type', exact: true });
  await type.click();
  await page.getByRole('menuitemradio', { name: 'Square' }).click();
  await expect(b.editor.content.locator('ul')).toHaveAttribute('style', /list-style-type: square/);
  await expect(a.editor.content).toBeFocused();
  await type.click();
  await page.getByRole('menuitemradio', { name: 'Default' }).click();
  await expect.poll(() => b.editor.xml()).toContain('<bulletlist><listitem><paragraph>item</paragraph>');
  await expect(b.editor.content.locator('ul')).not.toHaveAttribute('style', /list-style-type/);
  await close();
});
