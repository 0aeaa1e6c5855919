import { expect, test, type Page } from '@playwright/test';
import { createDocument, linkPath, newEditor, openGerman, twoAuthors } from './fixtures';

const SHOTS = '/tmp/shots-findreplace';

const bar = (page: Page, name = 'Find and replace') => page.getByRole('search', { name });

/** The text the editor's selection covers. */
const selectedText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const editor = window.__tandem?.editor;
    if (!editor) return '';
    const { from, to } = editor.state.selection;
    return editor.state.doc.textBetween(from, to);
  });

test('A finds, steps and replaces all while B types; B sees it live; one Ctrl+Z at A undoes it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Find');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  await a.editor.content.click();
  await page.keyboard.type('The cat and the bo');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('ld cat');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bob writes here');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Cat three, concatenate, bold');
  await expect.poll(() => b.editor.xml()).toContain('Cat three, concatenate, bold');

  // The toolbar button carries the shortcut in its tooltip.
  await expect(page.getByRole('button', { name: 'Find and Replace' })).toHaveAttribute(
    'title',
    'Find and Replace (Ctrl+F)',
  );

  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  const find = bar(page);
  await expect(find).toBeVisible();
  const field = find.getByRole('textbox', { name: 'Find' });
  await expect(field).toBeFocused();
  await expect(find.getByRole('textbox', { name: 'Replace with' })).toHaveCount(0);
  await field.fill('cat');
  const count = find.getByRole('status');
  await expect(count).toHaveText('1 of 4');
  await expect(page.locator('.tiptap .find-match-current')).toHaveText('cat');
  expect(await selectedText(page)).toBe('cat');

  // "bo" + bold "ld" is one word for the search.
  await field.fill('bold');
  await expect(count).toHaveText('1 of 2');
  await field.fill('cat');
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('2 of 4');
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('3 of 4');
  await expect(page.locator('.tiptap .find-match-current')).toHaveText('Cat');
  await page.keyboard.press('Shift+Enter');
  await expect(count).toHaveText('2 of 4');
  await find.getByRole('button', { name: 'Next match' }).click();
  await expect(count).toHaveText('3 of 4');

  // Whole word and match case narrow the search.
  await find.getByRole('button', { name: 'Whole word' }).click();
  await expect(count).toHaveText(/of 3$/);
  await find.getByRole('button', { name: 'Match case' }).click();
  await expect(count).toHaveText(/of 2$/);
  await find.getByRole('button', { name: 'Match case' }).click();
  await find.getByRole('button', { name: 'Whole word' }).click();
  await expect(count).toHaveText(/of 4$/);

  // An invalid regular expression says so instead of failing.
  await find.getByRole('button', { name: 'Regular expression' }).click();
  await field.fill('ca(t');
  await expect(find.getByRole('alert')).toHaveText('This is not a valid regular expression.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('[Cc]at\\b');
  await expect(count).toHaveText(/of 3$/);
  await find.getByRole('button', { name: 'Regular expression' }).click();
  await field.fill('cat');
  await expect(count).toHaveText(/of 4$/);

  // B's typing moves the text; the matches follow it, and a new one counts.
  await b.editor.page.getByText('Bob writes here').click();
  await b.editor.page.keyboard.press('End');
  await b.editor.page.keyboard.type(' cat');
  await expect(count).toHaveText(/of 5$/);

  // Ctrl+H shows the replace row.
  await field.focus();
  await page.keyboard.press('Control+h');
  const replacement = find.getByRole('textbox', { name: 'Replace with' });
  await expect(replacement).toBeVisible();
  await replacement.fill('dog');
  await page.screenshot({ path: `${SHOTS}/find-en-1400.png` });

  // Replace all while B keeps typing away from every match (text typed at a replaced match's own
  // position is a concurrent insert there, which Yjs may order either side of the replacement).
  await b.editor.page.keyboard.press('Home');
  const typing = b.editor.page.keyboard.type('More words: ', { delay: 40 });
  await find.getByRole('button', { name: 'Replace all' }).click();
  await typing;
  await expect(count).toHaveText('5 replaced');
  await expect.poll(() => b.editor.xml()).toContain('More words: Bob writes here dog<');
  const bXml = await b.editor.xml();
  expect(bXml).toContain('The dog and the bo');
  expect(bXml).toContain('dog three, condogenate');
  await expect.poll(() => a.editor.xml()).toBe(bXml);

  // Escape closes the bar and gives the editor the focus; one Ctrl+Z undoes every replacement, not B's words.
  await page.keyboard.press('Escape');
  await expect(find).toBeHidden();
  await expect(a.editor.content).toBeFocused();
  await expect(page.locator('.tiptap .find-match')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.xml()).toContain('Cat three, concatenate');
  const after = await b.editor.xml();
  expect(after).toContain('The cat and the bo');
  expect(after).toContain('More words: Bob writes here cat<');
  expect(after).not.toContain('dog');

  // The help dialog lists both shortcuts.
  await page.keyboard.press('Control+/');
  const help = page.getByRole('dialog', { name: 'Shortcuts' });
  await expect(help.getByRole('row', { name: /Find and Replace Ctrl\+F/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Replace Ctrl\+H/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // A phone: the bar fits the width.
  await page.setViewportSize({ width: 390, height: 800 });
  await a.editor.content.click();
  await page.keyboard.press('Control+h');
  await expect(find).toBeVisible();
  await find.getByRole('textbox', { name: 'Find' }).fill('cat');
  await expect(count).toHaveText(/of 5$/);
  const box = await find.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  // Docked at the bottom: a match in the document's first line stays in view, not under the bar.
  await find.getByRole('textbox', { name: 'Find' }).fill('The cat');
  await expect(count).toHaveText('1 of 1');
  const [bar390, match] = await Promise.all([
    find.boundingBox(),
    a.editor.content.locator('.find-match-current').first().boundingBox(),
  ]);
  if (!bar390 || !match) throw new Error('no boxes');
  expect(match.y + match.height <= bar390.y || match.y >= bar390.y + bar390.height).toBe(true);
  expect(match.y).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/find-en-390.png` });
  await close();
});

test('German labels; Escape returns to the text at the current match; viewers may find but not replace', async ({
  browser,
  request,
}) => {
  const { editor, context } = await openGerman(browser, request, 'Suchen');
  const { page } = editor;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.locator('.tiptap').click();
  await page.keyboard.type('Über den Übermut, über alles. Über!');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+h');
  const find = bar(page, 'Suchen und Ersetzen');
  await expect(find).toBeVisible();
  const field = find.getByRole('textbox', { name: 'Suchen' });
  await field.fill('über');
  const count = find.getByRole('status');
  await expect(count).toHaveText('1 von 4');
  await find.getByRole('button', { name: 'Nur ganzes Wort' }).click();
  await expect(count).toHaveText('1 von 3');
  await find.getByRole('button', { name: 'Groß-/Kleinschreibung beachten' }).click();
  await expect(count).toHaveText('1 von 1');
  await expect(find.getByRole('textbox', { name: 'Ersetzen durch' })).toBeVisible();
  await expect(find.getByRole('button', { name: 'Alle ersetzen' })).toBeVisible();
  await expect(find.getByRole('button', { name: 'Nächster Treffer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/find-de-1400.png` });

  await page.keyboard.press('Escape');
  await expect(find).toBeHidden();
  await expect(page.locator('.tiptap')).toBeFocused();
  expect(await selectedText(page)).toBe('über');

  await page.setViewportSize({ width: 390, height: 800 });
  await page.keyboard.press('Control+h');
  await expect(field).toBeFocused();
  await expect(count).toHaveText('1 von 1');
  await find.getByRole('button', { name: 'Regulärer Ausdruck' }).click();
  await field.fill('Ü(');
  await expect(find.getByRole('alert')).toHaveText('Dies ist kein gültiger regulärer Ausdruck.');
  await page.screenshot({ path: `${SHOTS}/find-de-390.png` });
  await context.close();
});

test('a viewer finds with Ctrl+F, without a replace row', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Viewer find');
  const author = await newEditor(browser);
  await author.editor.open(doc.editorUrl, 'Ada');
  await author.editor.typeAtEnd('one fish two fish red fish');
  await author.editor.waitConnected();

  const viewer = await newEditor(browser);
  const page = viewer.editor.page;
  await page.goto(linkPath(doc.viewerUrl));
  await expect(page.locator('.tiptap')).toContainText('red fish');
  await page.locator('.tiptap').click();
  await page.keyboard.press('Control+f');
  const find = bar(page);
  await expect(find).toBeVisible();
  await find.getByRole('textbox', { name: 'Find' }).fill('fish');
  await expect(find.getByRole('status')).toHaveText('1 of 3');
  await page.keyboard.press('Enter');
  await expect(find.getByRole('status')).toHaveText('2 of 3');
  await expect(find.getByRole('textbox', { name: 'Replace with' })).toHaveCount(0);
  await expect(find.getByRole('button', { name: 'Show replace' })).toHaveCount(0);
  await page.keyboard.press('Control+h');
  await expect(find.getByRole('textbox', { name: 'Replace with' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(find).toBeHidden();
  await author.context.close();
  await viewer.context.close();
});

test('a regular expression that would freeze the page is refused with a message; the page keeps working', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Slow pattern');
  const author = await newEditor(browser);
  const { page } = author.editor;
  await author.editor.open(doc.editorUrl, 'Ada');
  await author.editor.waitConnected();
  await author.editor.typeFresh(`${'a'.repeat(40)}!`);
  await page.keyboard.press('Control+f');
  const find = bar(page);
  await find.getByRole('button', { name: 'Regular Expression' }).click();
  // Catastrophic backtracking: about 2^40 steps on this text.
  await find.getByRole('textbox', { name: 'Find' }).fill('(a+)+$');
  await expect(find.getByRole('alert')).toHaveText(
    'This regular expression takes too long to search this document. Try a simpler one.',
  );
  await expect(find.getByRole('status')).toHaveText('');
  // The page answers at once: a fast pattern finds and counts.
  await find.getByRole('textbox', { name: 'Find' }).fill('a{10}');
  await expect(find.getByRole('status')).toHaveText('1 of 4');
  await expect(find.getByRole('alert')).toBeHidden();
  await author.context.close();
});
