import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

/** The shared clipboard captures (read where they are, never copied into the repo). */
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/paste');
const fixture = (file: string): string => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

/** A real paste event in Chromium, with the capture as the clipboard's HTML. */
async function paste(page: Page, html: string, text = ''): Promise<void> {
  await page.evaluate(
    ([h, t]) => {
      const target = document.querySelector('.tiptap');
      const data = new DataTransfer();
      data.setData('text/html', h ?? '');
      data.setData('text/plain', t ?? '');
      target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [html, text],
  );
}

test('Word: the accessible Clean / Keep question; Clean keeps structure for both authors, Keep also the colours', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Word paste');
  const page = a.editor.page;
  await a.editor.typeFresh('Before');
  await page.keyboard.press('Enter');

  await paste(page, fixture('word2016-numbered-list-nested.html'));
  const question = page.getByRole('alertdialog', { name: 'Paste from Word' });
  await expect(question).toContainText('Do you want to keep the format or clean it up?');
  // Clean is focused first; Escape cancels the paste.
  await expect(question.getByRole('button', { name: 'Clean' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(await a.editor.html()).not.toContain('A1');

  await paste(page, fixture('word2016-numbered-list-nested.html'));
  await question.getByRole('button', { name: 'Clean' }).click();
  await expect(question).toBeHidden();
  await expect(a.editor.content).toBeFocused();
  await expect
    .poll(() => b.editor.html())
    .toContain('<ol><li><p>A1</p></li><li><p>B1</p><ol type="a"><li><p>C2</p><ol><li><p>D4</p></li></ol></li>');
  const cleaned = await b.editor.html();
  expect(cleaned).not.toMatch(/mso-|Mso|o:p/);

  // Keep: the colours and sizes Word sent stay (the model's text style), the marks too.
  await page.keyboard.press('Control+End');
  await paste(page, fixture('word2013-colours-highlight-sup-sub.html'));
  await question.getByRole('button', { name: 'Keep' }).click();
  await expect.poll(() => b.editor.html()).toContain('<sup>');
  const kept = await b.editor.html();
  expect(kept).toMatch(/color: rgb\(255, 192, 0\)/);
  expect(kept).toMatch(/background-color: yellow/);
  expect(kept).not.toMatch(/mso-/);
  await close();
});

test('Word: pictures on the author’s disk are announced, not silently dropped; tables keep merged cells', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Word pictures');
  const page = a.editor.page;
  await a.editor.content.click();
  await paste(page, fixture('word2016-images-file-urls-vml.html'));
  await page.getByRole('alertdialog', { name: 'Paste from Word' }).getByRole('button', { name: 'Clean' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'could not be pasted' });
  await expect(notice).toContainText('3 pictures could not be pasted: they are files on your computer.');
  await expect.poll(() => b.editor.html()).toContain('Kitty from internet');
  expect(await b.editor.html()).not.toContain('file:');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();

  await page.keyboard.press('Control+End');
  await paste(page, fixture('word365-table-merged-cells-shading.html'));
  await page.getByRole('alertdialog', { name: 'Paste from Word' }).getByRole('button', { name: 'Clean' }).click();
  await expect.poll(() => b.editor.html()).toContain('<td colspan="9"');
  await expect(b.editor.content.locator('table tr')).toHaveCount(8);
  await close();
});

test('Google Docs and LibreOffice are cleaned without asking', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Docs paste');
  const page = a.editor.page;
  await a.editor.content.click();
  await paste(page, fixture('gdocs-bold-wrapper-simple-text.html'));
  await expect.poll(() => b.editor.html()).toBe('<p>Hello world</p>');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.keyboard.press('Control+End');
  await paste(page, fixture('libreoffice-paragraph-formats.html'));
  await expect.poll(() => b.editor.html()).toContain('<h4>Heading 6</h4>');
  expect(await b.editor.html()).toContain('<blockquote><p>Block Quote</p></blockquote>');
  expect(await b.editor.html()).not.toContain('western');
  await close();
});

test('German: the question and the notice are translated', async ({ browser, request }) => {
  const german = await openGerman(browser, request, 'Word Deutsch');
  const page = german.editor.page;
  await german.editor.content.click();
  await paste(page, fixture('word365-mac-images-wrapped.html'));
  const question = page.getByRole('alertdialog', { name: 'Aus Word einfügen' });
  await expect(question).toContainText('Möchten Sie die Formatierung beibehalten oder bereinigen?');
  await question.getByRole('button', { name: 'Bereinigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bilder' })).toContainText(
    '2 Bilder konnten nicht eingefügt werden',
  );
  await german.context.close();
});
