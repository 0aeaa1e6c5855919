import { expect, test, type Page } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

const codeView = (page: Page) => page.locator('.code-view .cm-content');
const toolbarButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

/** Puts the code view's caret right before the closing tag on the line that holds `line`. */
async function caretBeforeClose(page: Page, line: string): Promise<void> {
  await page.locator('.code-view .cm-line', { hasText: line }).click();
  await page.keyboard.press('End');
  const closing = line.slice(line.lastIndexOf('</'));
  for (let i = 0; i < closing.length; i++) await page.keyboard.press('ArrowLeft');
}

test('code view: beautified HTML, only Fullscreen stays active, an edit merges with what the other author typed meanwhile, one undo step', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Code view');
  const page = a.editor.page;
  await a.editor.typeFresh('First');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Second');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Third');
  await expect.poll(() => b.editor.html()).toContain('<p>Third</p>');

  await toolbarButton(page, 'Code View').click();
  await expect(codeView(page)).toBeFocused();
  await expect(page.locator('.code-view .cm-line').nth(0)).toHaveText('<p>First</p>');
  await expect(page.locator('.code-view .cm-line').nth(2)).toHaveText('<p>Third</p>');
  await expect(toolbarButton(page, 'Code View')).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbarButton(page, 'Bold')).toBeDisabled();
  await expect(toolbarButton(page, 'Fullscreen')).toBeEnabled();
  await expect(a.editor.content).toBeHidden();

  // Ada edits the first paragraph's HTML while Bob types in the third one.
  await caretBeforeClose(page, '<p>First</p>');
  await page.keyboard.insertText(' <strong>bold</strong>');
  await b.editor.content.getByText('Third').click();
  await b.editor.page.keyboard.press('End');
  await b.editor.page.keyboard.insertText(' by Bob');
  await expect(page.getByRole('status').filter({ hasText: 'Others changed the document' })).toBeVisible();

  await toolbarButton(page, 'Code View').click();
  await expect(a.editor.content).toBeVisible();
  const merged = '<p>First <strong>bold</strong></p><p>Second</p><p>Third by Bob</p>';
  await expect.poll(() => a.editor.html()).toContain(merged);
  await expect.poll(() => b.editor.html()).toContain(merged);

  // One undo step takes back the whole code view edit, and only it.
  await expect(a.editor.content).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.html()).toContain('<p>First</p><p>Second</p><p>Third by Bob</p>');
  await close();
});

test('code view: hostile HTML typed into the view is neutralised; the shortcut opens and leaves; Reload from document', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Code view hostile');
  const page = a.editor.page;
  await a.editor.typeFresh('Safe');
  await page.keyboard.press('Control+Alt+h');
  await expect(codeView(page)).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(
    '<script>window.pwned=1</script><p onclick="window.pwned=2">x<a href="javascript:window.pwned=3">y</a>' +
      '<img src="/nothing.png" onerror="window.pwned=4"></p><iframe src="https://example.com/"></iframe>' +
      '<svg><script>window.pwned=5</script></svg><p style="background: url(https://example.com/t.png)">z</p>',
  );
  await page.keyboard.press('Control+Alt+h');
  await expect(a.editor.content).toBeVisible();
  await expect.poll(() => b.editor.html()).toContain('z</p>');
  for (const author of [a, b]) {
    const html = await author.editor.html();
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'svg', 'url('])
      expect(html).not.toContain(bad);
    expect(await author.editor.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  }

  // Reload from document: the view's text starts over from what the document now holds.
  await page.keyboard.press('Control+Alt+h');
  await expect(codeView(page)).toBeFocused();
  await b.editor.typeAtEnd(' and Bob');
  const notice = page.getByRole('status').filter({ hasText: 'Others changed the document' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Reload from document' }).click();
  await expect(notice).toBeHidden();
  await expect(page.locator('.code-view .cm-content')).toContainText('and Bob');
  await page.getByRole('button', { name: 'Back to the rich text' }).click();
  await expect(a.editor.content).toBeVisible();
  await close();
});

test('code view in German: labels and the search panel', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Code-Ansicht');
  const page = editor.page;
  await editor.typeFresh('Hallo');
  await page.getByRole('toolbar', { name: 'Formatierung' }).getByRole('button', { name: 'Code-Ansicht' }).click();
  await expect(page.getByRole('textbox', { name: 'HTML-Quelltext des Dokuments' })).toBeFocused();
  await page.keyboard.press('Control+f');
  await expect(page.getByRole('textbox', { name: 'Suchen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurück zum formatierten Text' })).toBeVisible();
  await context.close();
});

test('code view: a reload while the view is open keeps the typed HTML; leaving then merges it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Code view reload');
  const page = a.editor.page;
  await a.editor.typeFresh('Kept');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Other');
  await expect.poll(() => b.editor.html()).toContain('<p>Kept</p><p>Other</p>');
  await toolbarButton(page, 'Code View').click();
  await expect(codeView(page)).toBeFocused();
  await caretBeforeClose(page, '<p>Kept</p>');
  await page.keyboard.insertText(' over a reload');
  // The draft is written when typing pauses or the page goes away, whichever comes first.
  await page.reload();
  await expect(codeView(page)).toContainText('<p>Kept over a reload</p>');
  await expect(a.editor.content).toBeHidden();
  await b.editor.typeAtEnd(' and Bob');
  await page.getByRole('button', { name: 'Back to the rich text' }).click();
  await expect(a.editor.content).toBeVisible();
  await expect.poll(() => b.editor.html()).toContain('<p>Kept over a reload</p><p>Other and Bob</p>');
  // Left once: the next load shows the rich text again.
  await page.reload();
  await expect(a.editor.content).toBeVisible();
  await expect(page.locator('.code-view')).toHaveCount(0);
  await close();
});

/** Pastes `text` into the code view as the browser does (a paste event carrying the clipboard's text). */
async function pasteIntoCodeView(page: Page, text: string): Promise<void> {
  await codeView(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('code view: HTML typed key by key comes out exactly as typed (auto-closed tags are typed over) while the other author types', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Code view typing');
  const page = a.editor.page;
  await a.editor.typeFresh('Start');
  await expect.poll(() => b.editor.html()).toContain('<p>Start</p>');

  await toolbarButton(page, 'Code View').click();
  await expect(codeView(page)).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(codeView(page)).toHaveText('');

  // Ada types the HTML key by key while Bob adds a paragraph of his own in the rich text.
  const typed = '<p>Hello <b>bold</b></p>';
  const bob = b.editor.page;
  await b.editor.content.getByText('Start').click();
  await bob.keyboard.press('End');
  await Promise.all([
    page.keyboard.type(typed),
    (async () => {
      await bob.keyboard.press('Enter');
      await bob.keyboard.type('Bob was here');
    })(),
  ]);
  await expect(codeView(page)).toHaveText(typed);
  await expect(page.locator('.code-view .cm-line')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Others changed the document' })).toBeVisible();

  await toolbarButton(page, 'Code View').click();
  await expect(a.editor.content).toBeVisible();
  const merged = '<p>Hello <strong>bold</strong></p><p>Bob was here</p>';
  await expect.poll(() => a.editor.html()).toBe(merged);
  await expect.poll(() => b.editor.html()).toBe(merged);
  // What Ada sees: two paragraphs, nothing left over from the tags (Bob's caret label is in the DOM too).
  const paragraphs = a.editor.content.locator('p');
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.first()).toHaveText('Hello bold');
  await expect(paragraphs.first().locator('strong')).toHaveText('bold');
  await expect(a.editor.content).not.toContainText('p>');
  await close();
});

test('code view in German: pasted HTML stays as it is, and closing tags typed after a paste are not doubled', async ({
  browser,
  request,
}) => {
  const { editor, context } = await openGerman(browser, request, 'Code-Ansicht Einfügen');
  const page = editor.page;
  await editor.typeFresh('Alt');
  await page.getByRole('toolbar', { name: 'Formatierung' }).getByRole('button', { name: 'Code-Ansicht' }).click();
  const source = page.getByRole('textbox', { name: 'HTML-Quelltext des Dokuments' });
  await expect(source).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');

  await pasteIntoCodeView(page, '<p>Hello <b>bold</b></p>');
  await expect(source).toHaveText('<p>Hello <b>bold</b></p>');
  // Typed after the paste: `<p>` closes itself, the pasted end tag and the typed one take its place.
  await page.keyboard.type('<p>');
  await expect(source).toHaveText('<p>Hello <b>bold</b></p><p></p>');
  await pasteIntoCodeView(page, 'Zwei <i>kursiv');
  await page.keyboard.type('</i></p>');
  await expect(source).toHaveText('<p>Hello <b>bold</b></p><p>Zwei <i>kursiv</i></p>');

  await page.getByRole('button', { name: 'Zurück zum formatierten Text' }).click();
  await expect(editor.content).toBeVisible();
  await expect.poll(() => editor.html()).toBe('<p>Hello <strong>bold</strong></p><p>Zwei <em>kursiv</em></p>');
  await context.close();
});
