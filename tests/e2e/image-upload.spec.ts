import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import { Errors, type ErrorCode } from '@shared/errors';
import { UploadLimits } from '@shared/limits';
import { solidPng } from '../helpers/png';
import { boxOf, createDocument, newEditor, openGerman, twoAuthors, gateUploads } from './fixtures';

const insertButton = (page: Page) => page.getByRole('button', { name: 'Insert Image' });
const popup = (page: Page) => page.getByRole('dialog', { name: 'Insert Image' });
const images = (page: Page) => page.locator('.tiptap .tandem-image img');
const placeholder = (page: Page) => page.locator('.tiptap .upload-placeholder');

/** Opens "Insert Image" and chooses `file` in the Upload Image tab. */
async function uploadViaPopup(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await insertButton(page).click();
  await expect(popup(page).getByRole('tab', { name: 'Upload Image' })).toHaveAttribute('aria-selected', 'true');
  await expect(popup(page).getByRole('button', { name: /Drop image/ })).toBeVisible();
  await popup(page).getByLabel('Choose an image file').setInputFiles(file);
}

async function storedImages(request: APIRequestContext, doc: CreatedDocument): Promise<unknown[]> {
  const res = await request.get(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as unknown[];
}

/** Every image of the page has loaded real pixels from our /uploads/. */
async function expectLoadedUpload(page: Page, count = 1): Promise<void> {
  await expect(images(page)).toHaveCount(count);
  for (const img of await images(page).all()) {
    await expect(img).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
}

async function expectToast(page: Page, code: ErrorCode): Promise<void> {
  const toast = page.locator(`.upload-toast[data-code="${code}"]`);
  // Size and type refusals name the limit; the other codes say the baseline's message.
  const text = code.endsWith('_INVALID_TYPE')
    ? /^This file type is not allowed \(allowed: JPEG, JPG, PNG, GIF, WEBP\)\.$/
    : new RegExp(Errors[code].message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(toast).toHaveText(text);
  await expect(page.locator('.upload-toasts')).toHaveAttribute('aria-live', 'assertive');
}

test('upload via the popup: the other author sees the placeholder with progress, then the image', async ({
  browser,
  request,
}) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'Image upload');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Picture: ');
  const gate = await gateUploads(page, 'images');
  await uploadViaPopup(page, { name: 'red.png', mimeType: 'image/png', buffer: solidPng(120, 80) });
  await gate.seen;

  // Both see the placeholder with its progress bar; only the uploader has Cancel and a local preview.
  for (const p of [page, b.editor.page]) {
    await expect(placeholder(p)).toBeVisible();
    await expect(placeholder(p).getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(placeholder(p)).toContainText('red.png');
    await expect(placeholder(p)).toContainText(/Uploading \d+%/);
  }
  await expect(placeholder(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(placeholder(b.editor.page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(placeholder(page).locator('img')).toHaveAttribute('src', /^blob:/);
  expect(await a.editor.xml()).not.toMatch(/blob:|data:/);

  gate.release();
  await expectLoadedUpload(page);
  await expectLoadedUpload(b.editor.page);
  await expect(placeholder(page)).toHaveCount(0);
  await expect(placeholder(b.editor.page)).toHaveCount(0);
  const html = await b.editor.html();
  expect(html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+" class="fr-fic fr-dib"/);
  expect(html).toContain('style="width: 300px;"');
  expect(html).not.toMatch(/blob:|data:/);
  expect(await storedImages(request, doc)).toHaveLength(1);

  // A reload keeps the image.
  await page.reload();
  await expectLoadedUpload(page);
  await close();
});

test('Escape cancels the upload: the placeholder goes for both and nothing is stored', async ({ browser, request }) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'Image cancel');
  const page = a.editor.page;
  await a.editor.typeAtEnd('x');
  const gate = await gateUploads(page, 'images');
  await uploadViaPopup(page, { name: 'cancel-me.png', mimeType: 'image/png', buffer: solidPng(50, 50) });
  await gate.seen;
  await expect(placeholder(b.editor.page)).toBeVisible();
  await expect(a.editor.content).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(placeholder(page)).toHaveCount(0);
  await expect(placeholder(b.editor.page)).toHaveCount(0);
  gate.release();
  await expect.poll(() => b.editor.xml()).not.toContain('uploadPlaceholder');
  expect(await storedImages(request, doc)).toHaveLength(0);
  await close();
});

test('tags typed in the upload tab are stored with the image for the manager', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Image tags');
  const author = await newEditor(browser);
  const page = author.editor.page;
  await author.editor.open(doc.editorUrl, 'Ada');
  await author.editor.typeAtEnd('x');
  await insertButton(page).click();
  await popup(page).getByLabel('Tags (optional)').fill(' logo, team ');
  await popup(page)
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(40, 30, '#123') });
  await expect(images(page)).toHaveCount(1);
  await expect
    .poll(async () => ((await storedImages(request, doc)) as Array<{ tag: string }>)[0]?.tag)
    .toBe('logo,team');
  await author.context.close();
});

test('a too large file is refused before any request; a fake PNG is refused by the server', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Image refusals');
  const author = await newEditor(browser);
  const page = author.editor.page;
  await author.editor.open(doc.editorUrl, 'Ada');
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/images$/.test(r.url())) uploads.push(r.url());
  });
  await author.editor.typeAtEnd('x');

  await uploadViaPopup(page, {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(UploadLimits.maxImageBytes + 1),
  });
  await expect(page.locator('.upload-toast[data-code="IMAGE_TOO_LARGE"]')).toHaveText(
    /^File is too large \(max [\d.,]+ MB\)\.$/,
  );
  expect(uploads).toHaveLength(0);
  // The message stays until dismissed.
  const sizeToast = page.locator('.upload-toast[data-code="IMAGE_TOO_LARGE"]');
  await sizeToast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(sizeToast).toHaveCount(0);
  await page.keyboard.press('Escape');

  await uploadViaPopup(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text\n') });
  const refusal = page.locator('.upload-toast');
  await expect(refusal).toHaveCount(1);
  const code = (await refusal.getAttribute('data-code')) as ErrorCode;
  expect(['IMAGE_INVALID_TYPE', 'IMAGE_CORRUPTED']).toContain(code);
  await expectToast(page, code);
  expect(uploads).toHaveLength(1);
  await expect(placeholder(page)).toHaveCount(0);
  expect(await storedImages(request, doc)).toHaveLength(0);
  await author.context.close();
});

test('drag and drop of an image file and paste of image data upload the pictures', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Image drop and paste');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Dropped: ');
  const base64 = solidPng(64, 48, '#3a3').toString('base64');

  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return dt;
  }, base64);
  const target = a.editor.content.locator('p').first();
  // A paragraph drawn again after the sync has no box: a drop at (0, 0) would miss the text.
  const box = await boxOf(target);
  const at = { clientX: box.x + box.width - 2, clientY: box.y + 5 };
  await target.dispatchEvent('dragenter', { dataTransfer, ...at });
  await target.dispatchEvent('dragover', { dataTransfer, ...at });
  await target.dispatchEvent('drop', { dataTransfer, ...at });
  await expectLoadedUpload(b.editor.page, 1);

  // Paste of image data (a screenshot): the clipboard holds only the file.
  await a.editor.typeAtEnd(' Pasted: ');
  await page.evaluate(
    (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      document
        .querySelector('.tiptap')
        ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    solidPng(30, 30, '#33a').toString('base64'),
  );
  await expectLoadedUpload(b.editor.page, 2);
  await expectLoadedUpload(page, 2);
  expect(await b.editor.xml()).not.toMatch(/blob:|data:/);
  await close();
});

test('pasted HTML: a data: picture is uploaded, a remote one fetched by the server, blob: dropped', async ({
  browser,
  request,
}) => {
  const picture = solidPng(40, 40, '#a3a');
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
    res.end(picture);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const remote = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/pictures/remote.png`;
  try {
    const { a, b, close } = await twoAuthors(browser, request, 'Image paste HTML');
    const page = a.editor.page;
    await a.editor.typeAtEnd('start ');
    const dataUrl = `data:image/png;base64,${solidPng(20, 20, '#3aa').toString('base64')}`;
    await page.evaluate(
      ({ html }) => {
        const dt = new DataTransfer();
        dt.setData('text/html', html);
        dt.setData('text/plain', 'pasted');
        document
          .querySelector('.tiptap')
          ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      },
      {
        html: `<p>one <img src="${remote}" alt="Remote"> two <img src="${dataUrl}"> three <img src="blob:http://127.0.0.1/x"></p>`,
      },
    );
    await expectLoadedUpload(page, 2);
    await expectLoadedUpload(b.editor.page, 2);
    await expect(images(b.editor.page).first()).toHaveAttribute('alt', 'Remote');
    expect(hits).toEqual(['/pictures/remote.png']);
    const xml = await b.editor.xml();
    expect(xml).not.toMatch(/blob:|data:|127\.0\.0\.1:\d+\/pictures/);

    // Insert by URL goes through the same server fetch.
    await insertButton(page).click();
    await popup(page).getByRole('tab', { name: 'By URL' }).click();
    await popup(page).getByRole('textbox', { name: 'URL' }).fill(remote.replace('remote.png', 'by-url.png'));
    await popup(page).getByRole('button', { name: 'Insert' }).click();
    await expectLoadedUpload(b.editor.page, 3);
    expect(hits).toContain('/pictures/by-url.png');

    // A refused address shows its code's message.
    await insertButton(page).click();
    await popup(page).getByRole('tab', { name: 'By URL' }).click();
    await popup(page).getByRole('textbox', { name: 'URL' }).fill('http://169.254.169.254/latest/meta-data');
    await popup(page).getByRole('button', { name: 'Insert' }).click();
    await expect(page.locator('.upload-toast')).toBeVisible();
    const code = (await page.locator('.upload-toast').getAttribute('data-code')) as ErrorCode;
    await expectToast(page, code);
    await expect(placeholder(page)).toHaveCount(0);
    await close();
  } finally {
    server.close();
  }
});

test('German: the too-large message is translated', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Bild zu groß');
  const page = editor.page;
  await editor.typeAtEnd('x');
  await page.getByRole('button', { name: 'Bild einfügen' }).click();
  await page
    .getByRole('dialog', { name: 'Bild einfügen' })
    .getByLabel('Bilddatei auswählen')
    .setInputFiles({ name: 'gross.png', mimeType: 'image/png', buffer: Buffer.alloc(UploadLimits.maxImageBytes + 1) });
  await expect(page.locator('.upload-toast[data-code="IMAGE_TOO_LARGE"]')).toHaveText(
    /^Die Datei ist zu groß \(höchstens [\d.,]+ MB\)\.$/,
  );
  await context.close();
});

test('resize handles keep the ratio and write once; the caption is edited in place; a missing picture shows a box', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Image resize and caption');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Box: ');
  await uploadViaPopup(page, { name: 'box.png', mimeType: 'image/png', buffer: solidPng(200, 100) });
  await expectLoadedUpload(b.editor.page);

  // Selecting the image shows four handles.
  const root = page.locator('.tiptap .tandem-image');
  await root.locator('img').click();
  await expect(root.locator('.tandem-image-handle')).toHaveCount(4);
  for (const handle of await root.locator('.tandem-image-handle').all()) await expect(handle).toBeVisible();
  const before = await root.boundingBox();
  const se = await root.locator('.tandem-image-handle-se').boundingBox();
  if (!before || !se) throw new Error('no layout');
  await page.mouse.move(se.x + se.width / 2, se.y + se.height / 2);
  await page.mouse.down();
  await page.mouse.move(se.x + se.width / 2 - 100, se.y + se.height / 2 - 50, { steps: 5 });
  // While dragging only the view follows; the document changes on release.
  expect(await a.editor.html()).toContain('width: 300px;');
  await page.mouse.up();
  await expect.poll(() => b.editor.html()).toContain('width: 200px;');
  await expect(root).toHaveClass(/is-selected-image/);
  const after = await b.editor.page.locator('.tiptap .tandem-image img').boundingBox();
  expect((after?.width ?? 0) / (after?.height ?? 1)).toBeCloseTo(2, 1);

  // Caption: the field under the image writes the caption attribute (Froala's caption markup).
  await page.evaluate(() => {
    const editor = window.__tandem?.editor;
    if (!editor) return;
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') at = pos;
    });
    editor.chain().setNodeSelection(at).updateAttributes('image', { caption: '' }).run();
  });
  const caption = root.getByRole('textbox', { name: 'Image Caption' });
  await caption.click();
  await page.keyboard.type('A red box');
  await expect(caption).toBeFocused();
  await expect
    .poll(() => b.editor.html())
    .toMatch(
      /<span class="fr-img-caption fr-fic fr-dib" style="width: 200px;">.*<span class="fr-inner">A red box<\/span>/,
    );

  // A picture that cannot load (deleted upload) shows a translated box, not a broken icon.
  await page.evaluate(() => {
    const editor = window.__tandem?.editor;
    editor?.commands.insertContentAt(1, {
      type: 'image',
      attrs: { src: `${window.location.origin}/uploads/0000000000000000000000000000dead.png` },
    });
  });
  const missing = b.editor.page.locator('.tiptap .tandem-image.is-missing');
  await expect(missing).toHaveText('Image not available');
  await expect(missing.locator('img')).toBeHidden();
  await close();
});
