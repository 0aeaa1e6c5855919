import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { createDocument, newEditor, type EditorPage } from './fixtures';

// Issue 28 point 1: the editor's context menu (right click, the ContextMenu key, Shift+F10), whose entries the
// capabilities contribute: Comment, Accept / Reject on a suggestion, Cut, Copy, Paste, Link, Select all.

const WIDE = { width: 1400, height: 900 };
const menu = (page: Page) => page.locator('.context-menu[role="menu"]');
const entries = (page: Page) => menu(page).locator('[role="menuitem"]');
const entry = (page: Page, id: string) => menu(page).locator(`[data-entry="${id}"]`);

/** The document positions of the first occurrence of `phrase` (text blocks only). */
async function rangeOf(editor: EditorPage, phrase: string): Promise<{ from: number; to: number }> {
  const range = await editor.page.evaluate((text) => {
    const ed = window.__tandem?.editor;
    let at = -1;
    ed?.state.doc.descendants((node, pos) => {
      if (at >= 0 || !node.isTextblock) return at < 0;
      const index = node.textContent.indexOf(text);
      if (index >= 0) at = pos + 1 + index;
      return false;
    });
    return at < 0 ? null : { from: at, to: at + text.length };
  }, phrase);
  if (!range) throw new Error(`no "${phrase}" in the text`);
  return range;
}

/** Selects `phrase` as a drag would (the editor keeps the focus). */
async function selectPhrase(editor: EditorPage, phrase: string): Promise<void> {
  const range = await rangeOf(editor, phrase);
  await editor.page.evaluate((r) => window.__tandem?.editor.chain().focus().setTextSelection(r).run(), range);
  await expect(editor.content).toBeFocused();
}

/** Right-clicks the middle of `phrase` on screen. */
async function rightClick(editor: EditorPage, phrase: string): Promise<void> {
  const range = await rangeOf(editor, phrase);
  const at = await editor.page.evaluate((r) => {
    const view = window.__tandem?.editor.view;
    if (!view) return null;
    const a = view.coordsAtPos(r.from);
    const b = view.coordsAtPos(r.to);
    return { x: (a.left + b.left) / 2, y: (a.top + a.bottom) / 2 };
  }, range);
  if (!at) throw new Error('no editor');
  await editor.page.mouse.click(at.x, at.y, { button: 'right' });
}

/** The selected text of the editor. */
const selectedText = (editor: EditorPage) =>
  editor.page.evaluate(() => {
    const ed = window.__tandem?.editor;
    return ed ? ed.state.doc.textBetween(ed.state.selection.from, ed.state.selection.to) : '';
  });

test('right click on a selection: the menu at the pointer, axe-clean; Comment opens the composer; spelling keeps its menu', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Context menu');
  const { context, editor } = await newEditor(browser);
  const page = editor.page;
  await page.setViewportSize(WIDE);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeFresh('The quick brown fox and recieve.');

  await selectPhrase(editor, 'brown fox');
  await rightClick(editor, 'brown fox');
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAccessibleName('Context menu');
  // The menu opens where the pointer was, below and to the right of it.
  const box = await menu(page).boundingBox();
  const word = await rangeOf(editor, 'brown fox');
  const pointer = await page.evaluate((w) => window.__tandem?.editor.view.coordsAtPos(w.from).left ?? 0, word);
  expect(box?.x ?? 0).toBeGreaterThan(pointer - 8);
  await expect(entries(page)).toHaveText(
    ['Cut', 'Copy', 'Paste', 'Insert Link', 'Add comment', 'Select All'].map((l) => new RegExp(`^${l}`)),
  );
  await expect(entry(page, 'addComment')).toContainText('Ctrl+Alt+M');
  // The right click inside the selection kept it.
  expect(await selectedText(editor)).toBe('brown fox');
  expect(await seriousViolations(page, '.context-menu')).toEqual([]);

  await entry(page, 'addComment').click();
  await expect(menu(page)).toBeHidden();
  const composer = page.locator('aside.comments-panel .comment-composer');
  await expect(composer).toContainText('brown fox');
  await expect(composer.getByLabel('Write a comment')).toBeFocused();
  await page.keyboard.press('Escape');

  // On a misspelled word the spelling suggestions win.
  await expect(page.locator('.tiptap .spell-error')).toHaveText(['recieve'], { timeout: 20_000 });
  await page.locator('.tiptap .spell-error').click({ button: 'right' });
  await expect(page.getByRole('menu', { name: 'Spelling suggestions for “recieve”' })).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await context.close();
});

test('keyboard: Shift+F10 opens at the caret, arrows and Enter choose, Escape goes back to the text; Copy, Paste, Cut', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Context menu keys');
  const { context, editor } = await newEditor(browser);
  const page = editor.page;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(WIDE);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeFresh('alpha beta');
  await editor.selectBack('beta');

  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toBeVisible();
  // Below the caret, and the first entry has the focus.
  const caret = await page.evaluate(() => {
    const ed = window.__tandem?.editor;
    return ed ? ed.view.coordsAtPos(ed.state.selection.head) : null;
  });
  const box = await menu(page).boundingBox();
  expect(Math.abs((box?.y ?? 0) - (caret?.bottom ?? 0))).toBeLessThan(12);
  await expect(entry(page, 'cut')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'copy')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(editor.content).toBeFocused();
  expect(await selectedText(editor)).toBe('beta');

  // Copy from the menu, paste with the keyboard.
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'copy')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeHidden();
  await expect(editor.content).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+V');
  await expect(editor.content).toHaveText('alpha betabeta');

  // Paste from the menu (reading the clipboard is granted here), then Cut removes the selection.
  await page.keyboard.press('Shift+F10');
  await entry(page, 'paste').click();
  await expect(editor.content).toHaveText('alpha betabetabeta');
  await editor.selectBack('beta');
  await rightClick(editor, 'alpha');
  await expect(menu(page)).toBeVisible();
  // The right click outside the selection moved the caret into "alpha": nothing to cut there.
  await expect(entry(page, 'cut')).toHaveAttribute('data-disabled', '');
  await page.keyboard.press('Escape');
  await selectPhrase(editor, 'alpha ');
  await page.keyboard.press('Shift+F10');
  await entry(page, 'cut').click();
  await expect(editor.content).toHaveText('betabetabeta');
  await context.close();
});

test('on a suggestion, Accept and Reject come first and Accept applies it', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Context menu suggestions');
  const { context, editor } = await newEditor(browser);
  const page = editor.page;
  await page.setViewportSize(WIDE);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeFresh('Hello world');
  await page.keyboard.press('Control+Shift+E');
  await page.keyboard.insertText(' again');
  await page.keyboard.press('Control+Shift+E');
  await expect(page.locator('.tiptap ins.suggestion')).toContainText('again');

  await rightClick(editor, 'again');
  await expect(menu(page)).toBeVisible();
  await expect(entries(page).first()).toHaveText('Accept suggestion');
  await expect(entries(page).nth(1)).toHaveText('Reject suggestion');
  await entry(page, 'acceptSuggestion').click();
  await expect(page.locator('.tiptap ins.suggestion')).toHaveCount(0);
  await expect(editor.content).toHaveText('Hello world again');
  await context.close();
});

test('a viewer’s menu (German) has only Copy and Select all; the menu is axe-clean on a phone', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Context menu viewer');
  const writer = await newEditor(browser);
  await writer.editor.open(doc.editorUrl, 'Ada');
  await writer.editor.typeFresh('Nur lesen bitte');
  const reader = await newEditor(browser);
  const page = reader.editor.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await expect(reader.editor.content).toContainText('Nur lesen bitte');

  await rightClick(reader.editor, 'lesen');
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAccessibleName('Kontextmenü');
  await expect(entries(page)).toHaveText([/^Kopieren/, /^Alles auswählen/]);
  // Inside the narrow viewport.
  const box = await menu(page).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, '.context-menu')).toEqual([]);
  await entry(page, 'selectAll').click();
  await expect.poll(() => selectedText(reader.editor)).toBe('Nur lesen bitte');
  await writer.context.close();
  await reader.context.close();
});
