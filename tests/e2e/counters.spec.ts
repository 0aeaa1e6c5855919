import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createDoc } from '../helpers/api';
import { startServer, type TestServer } from '../helpers/start-server';
import { EditorPage, gotoGerman, twoAuthors } from './fixtures';

const status = (page: Page) => page.locator('.editor-status');
/** The live note of one counter that says why input was refused. */
const note = (page: Page, counter: 'charCounter' | 'wordCounter') =>
  status(page).locator(`[data-counter="${counter}"]`).getByRole('status');

test('counters show the whole shared document, including the other author’s text (no limits)', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Counters');
  await expect(status(a.editor.page)).toContainText('Characters: 0');
  await expect(status(a.editor.page)).toContainText('Words: 0');
  await expect(status(a.editor.page)).not.toContainText(/\s:/);
  await a.editor.typeAtEnd('hello world');
  await expect(status(a.editor.page)).toContainText('Characters: 11');
  await expect(status(a.editor.page)).toContainText('Words: 2');
  await expect.poll(() => b.editor.xml()).toContain('hello world');
  await b.editor.typeAtEnd(' from bob');
  await expect(status(a.editor.page)).toContainText('Characters: 20');
  await expect(status(a.editor.page)).toContainText('Words: 4');
  await a.editor.page.reload();
  await expect(status(a.editor.page)).toContainText('Characters: 20');
  await close();
});

test('the counters follow each language’s punctuation: no space before the colon in English or German', async ({
  page,
  request,
}) => {
  await gotoGerman(page, request, 'Zähler');
  await expect(status(page)).toContainText('Zeichen: 0');
  await expect(status(page)).toContainText('Wörter: 0');
  await page.locator('.tiptap').click();
  await page.keyboard.type('hallo welt');
  await expect(status(page)).toContainText('Zeichen: 10');
  await expect(status(page)).toContainText('Wörter: 2');
  await expect(status(page)).not.toContainText(/\s:/);
});

test.describe('with limits set for the deployment', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    // A second server of the same app with counter limits (like TANDEM_*_COUNTER_MAX in production).
    server = await startServer({
      TANDEM_CLIENT_DIR: path.resolve(process.env.TANDEM_BUILD_DIR ?? 'dist/client'),
      TANDEM_CHAR_COUNTER_MAX: '20',
      TANDEM_WORD_COUNTER_MAX: '3',
      LOG_LEVEL: 'warn',
    });
  });
  test.afterAll(async () => {
    await server.close();
  });

  async function openBoth(browser: Browser, title: string) {
    const doc = await createDoc(server.url, title);
    const contexts = await Promise.all([
      browser.newContext({ baseURL: server.url }),
      browser.newContext({ baseURL: server.url }),
    ]);
    const [a, b] = await Promise.all(contexts.map(async (c) => new EditorPage(await c.newPage())));
    if (!a || !b) throw new Error('no pages');
    await a.open(doc.editorUrl, 'Ada');
    await b.open(doc.editorUrl, 'Bob');
    return { a, b, close: () => Promise.all(contexts.map((c) => c.close())) };
  }

  async function paste(page: Page, text: string): Promise<void> {
    await page.locator('.tiptap').evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  test('characters: the 21st is refused with a note, Backspace works, a too long paste is refused', async ({
    browser,
  }) => {
    const { a, b, close } = await openBoth(browser, 'Char limit');
    const page = a.page;
    await expect(status(page)).toContainText('Characters: 0/20');
    await a.content.click();
    await page.keyboard.type('abcdefghijklmnopqrst');
    await expect(status(page)).toContainText('Characters: 20/20');
    await page.keyboard.type('u');
    await expect(note(page, 'charCounter')).toHaveText('Limit of 20 characters reached.');
    await expect(a.content).toHaveText('abcdefghijklmnopqrst');
    await expect.poll(() => b.xml()).toContain('abcdefghijklmnopqrst<');
    await expect(status(b.page)).toContainText('Characters: 20/20');

    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(status(page)).toContainText('Characters: 18/20');
    await paste(page, 'vwxyz');
    await expect(note(page, 'charCounter')).toHaveText('Not pasted: the text would exceed the limit of 20 characters.');
    await expect(a.content).toHaveText('abcdefghijklmnopqr');
    await paste(page, 'vw');
    await expect(a.content).toHaveText('abcdefghijklmnopqrvw');
    await expect.poll(() => b.xml()).toContain('abcdefghijklmnopqrvw<');
    await close();
  });

  test('words: a fourth word is refused, the last word may grow, the other author sees the count', async ({
    browser,
  }) => {
    const { a, b, close } = await openBoth(browser, 'Word limit');
    const page = a.page;
    await a.content.click();
    await page.keyboard.type('one two six');
    await expect(status(page)).toContainText('Words: 3/3');
    await page.keyboard.type(' ten');
    await expect(note(page, 'wordCounter')).toHaveText('Limit of 3 words reached.');
    await expect.poll(() => b.xml()).toMatch(/one two six ?</);
    expect(await b.xml()).not.toContain('ten');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('s');
    await expect(a.content).toHaveText('one two sixs');
    await expect(status(b.page)).toContainText('Words: 3/3');
    await expect(status(b.page)).toContainText('Characters: 12/20');
    await close();
  });
});
