import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { createDoc } from '../helpers/api';
import { seedColour, solidPng } from '../helpers/png';
import { startServer, type TestServer } from '../helpers/start-server';
import { EditorPage, linkPath, openGerman, twoAuthors, type Author } from './fixtures';

// Edit in popup (FROALA-REFERENCE §13, issue 26 point 6): short texts in one compact field; Enter applies,
// Escape cancels.

async function uploadPicture(request: APIRequestContext, doc: CreatedDocument): Promise<UploadResponse> {
  const buffer = solidPng(300, 150, seedColour(7));
  const res = await request.post(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    multipart: { file: { name: 'picture.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UploadResponse;
}

async function insertPicture(author: Author, uploaded: UploadResponse): Promise<void> {
  await author.editor.typeFresh('Before ');
  await author.editor.page.evaluate(
    ({ src, uploadId }) => {
      window.__tandem?.editor.chain().focus().insertContent({ type: 'image', attrs: { src, uploadId } }).run();
    },
    { src: uploaded.link, uploadId: uploaded['data-id'] },
  );
}

/** A paragraph with a link in it, put in through the editor (the link form has its own spec). */
async function insertLink(author: Author, text: string): Promise<void> {
  await author.editor.typeFresh('Visit ');
  await author.editor.page.evaluate((t) => {
    window.__tandem?.editor.chain().focus().insertContent(`<a href="https://example.com/">${t}</a> today`).run();
  }, text);
}

const linkPopup = (page: Page, name = 'Link') => page.getByRole('dialog', { name });

test('an image caption edited in the popup: Enter applies for both authors, Escape cancels, one undo step', async ({
  browser,
  request,
}) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'Caption in a popup');
  const page = a.editor.page;
  await insertPicture(a, await uploadPicture(request, doc));
  await a.editor.content.locator('.tandem-image img').click();
  const popup = page.getByRole('dialog', { name: 'Edit Image' });
  await popup.getByRole('button', { name: 'Edit Caption' }).click();
  const field = popup.getByRole('textbox', { name: 'Caption' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await page.keyboard.type('Our logo');
  await page.keyboard.press('Enter');
  await expect.poll(() => b.editor.html()).toContain('<span class="fr-inner">Our logo</span>');
  // Back on the main row, pre-filled with what is there now; Escape closes with nothing changed.
  await popup.getByRole('button', { name: 'Edit Caption' }).click();
  await expect(field).toHaveValue('Our logo');
  await field.fill('Thrown away');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(a.editor.content).toBeFocused();
  expect(await a.editor.html()).toContain('<span class="fr-inner">Our logo</span>');
  // The caption came in one step: one undo takes it back.
  await page.keyboard.press('Control+z');
  await expect.poll(() => b.editor.html()).not.toContain('Our logo');
  await close();
});

test("a link's text edited in the popup keeps the link; Escape cancels", async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Link text in a popup');
  const page = a.editor.page;
  await insertLink(a, 'the site');
  await a.editor.content.getByRole('link', { name: 'the site' }).click();
  await linkPopup(page).getByRole('button', { name: 'Edit Text' }).click();
  const field = linkPopup(page, 'Edit Text').getByRole('textbox', { name: 'Text' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('the site');
  await page.keyboard.type('our page');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => b.editor.html())
    .toMatch(/Visit <a [^>]*href="https:\/\/example\.com\/"[^>]*>our page<\/a> today/);
  // The caret is after the new text now (outside the link); back into the link for its popup.
  await a.editor.content.getByRole('link', { name: 'our page' }).click();
  await linkPopup(page).getByRole('button', { name: 'Edit Text' }).click();
  await field.fill('never');
  await page.keyboard.press('Escape');
  await expect(linkPopup(page, 'Edit Text')).toBeHidden();
  expect(await a.editor.html()).toContain('>our page</a>');
  await close();
});

test('German: the link popup offers “Text bearbeiten”, an empty text shows the address', async ({
  browser,
  request,
}) => {
  const author = await openGerman(browser, request, 'Linktext');
  const page = author.editor.page;
  await insertLink(author, 'die Seite');
  await author.editor.content.getByRole('link', { name: 'die Seite' }).click();
  await linkPopup(page).getByRole('button', { name: 'Text bearbeiten' }).click();
  const field = linkPopup(page, 'Text bearbeiten').getByRole('textbox', { name: 'Text' });
  await field.fill('');
  await linkPopup(page, 'Text bearbeiten').getByRole('button', { name: 'Aktualisieren' }).click();
  await expect.poll(() => author.editor.html()).toContain('>https://example.com/</a> today');
  await author.context.close();
});

test.describe('a deployment with edit in popup for the title (editInPopup: true)', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startServer({
      TANDEM_CLIENT_DIR: path.resolve(process.env.TANDEM_BUILD_DIR ?? 'dist/client'),
      TANDEM_EDITOR_OPTIONS: JSON.stringify({ editInPopup: true }),
      LOG_LEVEL: 'warn',
    });
  });
  test.afterAll(async () => {
    await server.close();
  });

  test('the title opens a pre-filled field: Update changes it for everyone, empty shows the placeholder, Escape cancels', async ({
    browser,
  }) => {
    const doc = await createDoc(server.url, 'Plans');
    const open = async (): Promise<EditorPage> => {
      const editor = new EditorPage(await (await browser.newContext()).newPage());
      await editor.page.goto(`${server.url}${linkPath(doc.editorUrl)}`);
      await editor.waitConnected();
      return editor;
    };
    const a = await open();
    const b = await open();
    const title = (editor: EditorPage) => editor.page.getByRole('button', { name: 'Document title' });
    await expect(title(a)).toHaveText('Plans');
    await title(a).click();
    const dialog = a.page.getByRole('dialog', { name: 'Document title' });
    const field = dialog.getByRole('textbox', { name: 'Document title' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Plans');
    await a.page.keyboard.type('Plans for May');
    await a.page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(title(b)).toHaveText('Plans for May');

    await title(a).click();
    await field.fill('Not this');
    await a.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(title(a)).toBeFocused();
    await expect(title(b)).toHaveText('Plans for May');

    await title(a).click();
    await field.fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(title(a)).toHaveText('Untitled');
    await expect(title(b)).toHaveText('Untitled');
    await a.page.context().close();
    await b.page.context().close();
  });
});
