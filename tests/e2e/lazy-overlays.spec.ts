import { expect, test } from '@playwright/test';
import type { UploadResponse } from '@shared/api/media';
import { makePdfOfSize } from '../helpers/media-fixtures';
import { seedColour, solidPng } from '../helpers/png';
import { boxOf, createDocument, EditorPage, gateUploads, holdChunk } from './fixtures';

/**
 * Holds the requests for one lazy chunk (`assets/<name>-<hash>.js`) until `release()`, so the UI is
 * used while its code is certainly still missing; `seen` resolves at the first request.
 */
test('a picture clicked right after the page opened gets its popup, and Alt+F10 pressed meanwhile moves into it', async ({
  page,
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Lazy image popup');
  const buffer = solidPng(200, 100, seedColour(7));
  const res = await request.post(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    multipart: { file: { name: 'early.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  const uploaded = (await res.json()) as UploadResponse;

  // A first author puts the picture into the document.
  const first = new EditorPage(page);
  await first.open(doc.editorUrl);
  await first.waitConnected();
  await first.typeFresh('Picture: ');
  await page.evaluate(
    ({ src, uploadId }) => {
      window.__tandem?.editor.chain().focus().insertContent({ type: 'image', attrs: { src, uploadId } }).run();
    },
    { src: uploaded.link, uploadId: uploaded['data-id'] },
  );
  await expect(first.content.locator('.tandem-image img')).toBeVisible();

  // A second author opens the document and clicks the picture before the popup's code is there.
  const context = await browser.newContext();
  const second = await context.newPage();
  const chunk = await holdChunk(second, 'image-edit.overlay');
  const editor = new EditorPage(second);
  await editor.open(doc.editorUrl);
  const picture = editor.content.locator('.tandem-image img');
  await picture.click();
  await chunk.seen;
  await second.keyboard.press('Alt+F10');
  chunk.release();

  const popup = second.getByRole('dialog', { name: 'Edit Image' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Replace' })).toBeFocused();
  await second.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await context.close();
});

test('a file dropped and a file pasted right after the page opened upload with their progress', async ({
  page,
  request,
}) => {
  const doc = await createDocument(request, 'Lazy uploads');
  const code = await holdChunk(page, 'upload-start');
  const uploads = await gateUploads(page, 'files');
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl);
  await editor.waitConnected();
  await editor.typeAtEnd('Files: ');

  // The drop is claimed at once (nothing else is inserted), though the upload code is still on its way.
  // Different bytes: the server keeps one copy of equal files.
  const base64 = makePdfOfSize(2048).toString('base64');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.pdf', { type: 'application/pdf' }));
    return dt;
  }, base64);
  const target = editor.content.locator('p').first();
  // A paragraph drawn again after the sync has no box: a drop at (0, 0) would miss the text.
  const box = await boxOf(target);
  const at = { clientX: box.x + box.width - 2, clientY: box.y + 5 };
  await target.dispatchEvent('dragenter', { dataTransfer, ...at });
  await target.dispatchEvent('dragover', { dataTransfer, ...at });
  await target.dispatchEvent('drop', { dataTransfer, ...at });
  await code.seen;
  // A pasted file meanwhile (the clipboard holds only the file).
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'pasted.pdf', { type: 'application/pdf' }));
    document
      .querySelector('.tiptap')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, makePdfOfSize(3072).toString('base64'));
  await expect(editor.content).toHaveText('Files: ');
  code.release();

  // Both show their placeholder with a progress bar while the server holds the requests.
  const placeholders = editor.content.locator('.upload-placeholder');
  await expect(placeholders).toHaveCount(2);
  await expect(placeholders.getByRole('progressbar')).toHaveCount(2);
  await uploads.seen;
  uploads.release();

  const links = editor.content.locator('.file-node');
  await expect(links).toHaveCount(2);
  await expect(links.filter({ hasText: 'dropped.pdf' })).toHaveCount(1);
  await expect(links.filter({ hasText: 'pasted.pdf' })).toHaveCount(1);
  await expect(placeholders).toHaveCount(0);
});

test('a picture pasted and a file dropped before the upload routing has arrived wait for it, then land', async ({
  page,
  request,
}) => {
  const doc = await createDocument(request, 'Lazy upload routing');
  const routing = await holdChunk(page, 'upload-routing');
  const view = await holdChunk(page, 'upload-placeholder-view');
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl);
  await editor.waitConnected();
  await editor.typeAtEnd('Before after');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'Before'.length; i++) await page.keyboard.press('ArrowRight');

  // A paste of HTML with a picture in it: held (nothing goes in yet, the picture's address never reaches the doc).
  const png = solidPng(40, 30, seedColour(3)).toString('base64');
  await page.evaluate((b64) => {
    const dt = new DataTransfer();
    dt.setData('text/html', `<p>[<img src="data:image/png;base64,${b64}" alt="pasted">]</p>`);
    dt.setData('text/plain', '[]');
    document
      .querySelector('.tiptap')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, png);
  await routing.seen;
  await expect(editor.content).toHaveText('Before after');

  // A file dropped on the first paragraph meanwhile.
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.pdf', { type: 'application/pdf' }));
    return dt;
  }, makePdfOfSize(2048).toString('base64'));
  const target = editor.content.locator('p').first();
  // A paragraph drawn again after the sync has no box: a drop at (0, 0) would miss the text.
  const box = await boxOf(target);
  const at = { clientX: box.x + box.width - 2, clientY: box.y + 5 };
  await target.dispatchEvent('dragenter', { dataTransfer, ...at });
  await target.dispatchEvent('dragover', { dataTransfer, ...at });
  await target.dispatchEvent('drop', { dataTransfer, ...at });
  // The author goes on typing while both wait.
  await page.keyboard.type('!');
  await expect(editor.content).toHaveText('Before! after');
  routing.release();
  view.release();

  // The picture is uploaded where it was pasted, the file where it was dropped.
  await expect(editor.content.locator('.tandem-image img')).toHaveAttribute('src', /\/uploads\//);
  await expect(editor.content.locator('.file-node').filter({ hasText: 'dropped.pdf' })).toHaveCount(1);
  await expect(editor.content.locator('.upload-placeholder')).toHaveCount(0);
  // Pasted where the caret was when the author pasted: before the "!" typed afterwards.
  const first = editor.content.locator('p').first();
  await expect(first).toContainText(/^Before\[.*\]! after/);
  await expect(first.locator('.tandem-image img')).toHaveCount(1);
  await expect(editor.content).not.toContainText('data:image');
});
