import { expect, test, type Page } from '@playwright/test';
import { createDocument, newEditor, openGerman } from './fixtures';

const SHOTS = '/tmp/shots-spell';
const markers = (page: Page) => page.locator('.tiptap .spell-error');
/** Waits until every word has its verdict, so the markers are final (not only right for a moment). */
const settled = (page: Page) =>
  expect(page.locator('.tiptap')).not.toHaveAttribute('data-spell-checking', 'true', { timeout: 20_000 });

/** Clicks a toolbar button, through the overflow ("More …") menus when the bar has no room for it. */
async function clickToolbar(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  for (const more of await page.getByRole('button', { name: /^(More|Mehr)/ }).all()) {
    await more.click();
    const entry = page.getByRole('menuitem', { name });
    if (await entry.isVisible()) return entry.click();
    await page.keyboard.press('Escape');
  }
  throw new Error(`no toolbar entry ${name}`);
}

test('English: a misspelling is underlined for its author only, a suggestion replaces it, markers never leave', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Spelling');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  // Bob's own checker is off in his browser: anything underlined there would have come from Ada.
  await b.editor.page.addInitScript(() => localStorage.setItem('tandem.spell.enabled', 'off'));
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  await a.editor.content.click();
  await page.keyboard.type('This mispeled word and recieve them.');

  await expect(markers(page)).toHaveText(['mispeled', 'recieve'], { timeout: 20_000 });
  await settled(page);
  await expect(markers(page)).toHaveText(['mispeled', 'recieve']);
  await expect.poll(() => b.editor.xml()).toContain('recieve them.');
  await expect(markers(b.editor.page)).toHaveCount(0);
  expect(await b.editor.xml()).not.toMatch(/spell-error|data-spell/);

  // Right click: the suggestions; the first replaces the word (and Bob receives the fix).
  await markers(page).first().click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Spelling suggestions for “mispeled”' });
  await menu.getByRole('menuitem', { name: 'misspelled' }).click();
  await expect(menu).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain('This misspelled word');
  await expect(markers(page)).toHaveText(['recieve']);

  // Alt+F7 at the caret inside the word: the same menu from the keyboard; Ignore drops the marker.
  await page.keyboard.press('End');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Alt+F7');
  const keyMenu = page.getByRole('menu', { name: 'Spelling suggestions for “recieve”' });
  await expect(keyMenu.getByRole('menuitem', { name: 'receive' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-en-1400.png` });
  await keyMenu.getByRole('menuitem', { name: 'Ignore' }).click();
  await expect(markers(page)).toHaveCount(0);

  // Add to dictionary: kept in this browser.
  await page.keyboard.press('End');
  await page.keyboard.type(' Tandemish');
  await expect(markers(page)).toHaveText(['Tandemish']);
  await markers(page).first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add to dictionary' }).click();
  await expect(markers(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('tandem.spell.words.en'))).toContain('Tandemish');

  // The toggle removes the markers; saved/exported HTML never holds checker markup.
  await page.keyboard.type(' wrongg');
  await expect(markers(page)).toHaveText(['wrongg']);
  expect(await a.editor.html()).not.toMatch(/spell-error|data-spell/);
  await clickToolbar(page, 'Spell Checker');
  await expect(markers(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('tandem.spell.enabled'))).toBe('off');
  await clickToolbar(page, 'Spell Checker');
  await expect(markers(page)).toHaveText(['wrongg']);

  await page.setViewportSize({ width: 390, height: 800 });
  await markers(page).first().click({ button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-en-390.png` });
  await page.keyboard.press('Escape');
  await a.context.close();
  await b.context.close();
});

test('German: the document language follows the creator, German suggestions apply, the language is shared', async ({
  browser,
  request,
}) => {
  const { editor, context } = await openGerman(browser, request, 'Rechtschreibung');
  const page = editor.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(page.getByTestId('document-lang')).toHaveValue('de');
  await editor.content.click();
  await page.keyboard.type('Die Grösse der Übung ist gut.');
  // The German dictionary (1.1 MB) takes about a second to load in the worker, more on a busy machine.
  await expect(markers(page)).toHaveText(['Grösse'], { timeout: 20_000 });
  // "gut" is listed twice in the German dictionary (once only for compounds): it must stay unmarked.
  await settled(page);
  await expect(markers(page)).toHaveText(['Grösse']);
  await markers(page).first().click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Rechtschreibvorschläge für „Grösse“' });
  await expect(menu.getByRole('menuitem', { name: 'Ignorieren' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-de-1400.png` });
  await menu.getByRole('menuitem', { name: 'Größe' }).click();
  await expect.poll(() => editor.xml()).toContain('Die Größe der Übung');
  await settled(page);
  await expect(markers(page)).toHaveCount(0);

  // Switching the document to English rechecks with the English dictionary.
  await page.getByTestId('document-lang').selectOption('en');
  await expect(markers(page).first()).toBeVisible({ timeout: 20_000 });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `${SHOTS}/status-de-390.png` });
  await context.close();
});

test("the checker's answer never undoes a selection the browser made but the editor has not read yet", async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Selection kept');
  const a = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('plain marked');
  await settled(page);
  // The editor hears of the new selection only from `selectionchange`; hold that event back, so the
  // checker's next transaction (after a scroll) comes first, as it can under load between two Shift+Arrows.
  await page.evaluate(() => {
    window.addEventListener('selectionchange', (event) => event.stopImmediatePropagation(), { capture: true });
    const text = document.querySelector('.tiptap p')?.firstChild;
    if (!text) throw new Error('no text');
    window.getSelection()?.setBaseAndExtent(text, 6, text, 12);
    document.dispatchEvent(new Event('scroll'));
  });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const editor = window.__tandem?.editor;
        return editor ? editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to) : '';
      }),
    )
    .toBe('marked');
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('marked');
  await a.context.close();
});
