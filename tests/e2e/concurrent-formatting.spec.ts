import { expect, test, type Page } from '@playwright/test';
import { twoAuthors, type EditorPage } from './fixtures';

/**
 * Selects the first occurrence of `word` through the editor's commands (no mouse), then waits until the
 * editor holds the focus: Tiptap's `focus()` moves it only in the next animation frame, and a key pressed
 * before that goes to the page body and is lost.
 */
async function selectWord(page: Page, word: string): Promise<void> {
  await page.evaluate((w) => {
    const editor = window.__tandem?.editor;
    if (!editor) throw new Error('no editor');
    let from = -1;
    editor.state.doc.descendants((node, pos) => {
      if (from >= 0 || !node.isText) return from < 0;
      const at = node.text?.indexOf(w) ?? -1;
      if (at >= 0) from = pos + at;
      return false;
    });
    if (from < 0) throw new Error(`no ${w}`);
    editor
      .chain()
      .focus()
      .setTextSelection({ from, to: from + w.length })
      .run();
  }, word);
  await expect(page.locator('.tiptap')).toBeFocused();
}

/** Both sides equal and showing `expected` (before both keystrokes land, the two can be equal too). */
async function sameXml(a: EditorPage, b: EditorPage, expected: RegExp): Promise<string> {
  let xml = '';
  await expect
    .poll(async () => {
      const [x, y] = await Promise.all([a.xml(), b.xml()]);
      xml = x;
      return x === y && expected.test(x);
    })
    .toBe(true);
  return xml;
}

test('two authors formatting the same paragraph at the same moment converge, and it survives a reload', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Concurrent formats');
  await a.editor.typeAtEnd('alpha beta gamma');
  await expect.poll(() => b.editor.xml()).toContain('alpha beta gamma');

  // Different words, different formats, sent at once.
  await Promise.all([selectWord(a.editor.page, 'alpha'), selectWord(b.editor.page, 'gamma')]);
  await Promise.all([a.editor.page.keyboard.press('Control+B'), b.editor.page.keyboard.press('Control+I')]);
  let xml = await sameXml(a.editor, b.editor, /<bold>alpha<\/bold>[\s\S]*<italic>gamma<\/italic>/);
  expect(xml).toContain('<bold>alpha</bold>');
  expect(xml).toContain('<italic>gamma</italic>');

  // The same word, two formats at once: both marks survive on both sides.
  await Promise.all([selectWord(a.editor.page, 'beta'), selectWord(b.editor.page, 'beta')]);
  await Promise.all([a.editor.page.keyboard.press('Control+U'), b.editor.page.keyboard.press('Control+B')]);
  xml = await sameXml(a.editor, b.editor, /<(bold|underline)><(bold|underline)>beta/);
  expect(xml).toMatch(/<(bold|underline)><(bold|underline)>beta<\/\2><\/\1>/);

  // One author formats while the other types into the same paragraph.
  await selectWord(a.editor.page, 'gamma');
  await b.editor.page.keyboard.press('Control+End');
  await Promise.all([a.editor.page.keyboard.press('Control+U'), b.editor.page.keyboard.insertText(' delta')]);
  xml = await sameXml(a.editor, b.editor, /delta[\s\S]*<\/underline>|<underline>[\s\S]*delta/);
  expect(xml).toContain('delta');
  // (" delta" typed at the end of "gamma" continues its marks, as in any editor.)
  expect(xml).toMatch(
    /<underline><italic>gamma[^<]*<\/italic><\/underline>|<italic><underline>gamma[^<]*<\/underline><\/italic>/,
  );

  await a.editor.page.reload();
  await expect(a.editor.content).toBeVisible();
  await expect.poll(() => a.editor.xml()).toBe(xml);
  await close();
});
