import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { seedColour, solidPng } from '../helpers/png';
import { createDocument, newEditor, openGerman, twoAuthors, type Author, pinFonts, boxOf } from './fixtures';

/** Uploads a real PNG to the document through the server's image endpoint. */
async function upload(request: APIRequestContext, doc: CreatedDocument, seed: number): Promise<UploadResponse> {
  const buffer = solidPng(400, 200, seedColour(seed));
  const res = await request.post(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    multipart: { file: { name: `picture-${String(seed)}.png`, mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UploadResponse;
}

/** Types a line and puts the uploaded image (300 px, centred, block) after it. */
async function insertUploaded(author: Author, uploaded: UploadResponse): Promise<void> {
  await author.editor.typeFresh('Before ');
  await author.editor.page.evaluate(
    ({ src, uploadId }) => {
      window.__tandem?.editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src, width: '300px', uploadId } })
        .insertContent(' after')
        .run();
    },
    { src: uploaded.link, uploadId: uploaded['data-id'] },
  );
}

const popup = (page: Page, name = 'Edit Image') => page.getByRole('dialog', { name });
const image = (author: Author) => author.editor.content.locator('.tandem-image img');

async function selectImage(author: Author, name = 'Edit Image'): Promise<void> {
  await image(author).click();
  await expect(popup(author.editor.page, name)).toBeVisible();
  // The clicked image gets its own popup, not the text formatting toolbar of a mouse selection.
  await expect(author.editor.page.getByRole('toolbar', { name: 'Selection formatting' })).toBeHidden();
}

/** Opens a panel of the popup (Align, Display, Style…) from its main row. */
async function openPanel(page: Page, label: string): Promise<void> {
  await popup(page).getByRole('button', { name: label, exact: true }).click();
}

async function backToMain(page: Page): Promise<void> {
  await popup(page).getByRole('button', { name: 'Back' }).click();
}

test.describe('image edit popup', () => {
  test.describe.configure({ timeout: 90_000 });

  test('every popup action reaches the other author, survives a reload and undoes one step at a time', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Image edit');
    const page = a.editor.page;
    const uploaded = await upload(request, doc, 1);
    await insertUploaded(a, uploaded);
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    await selectImage(a);

    await openPanel(page, 'Align');
    await popup(page).getByRole('button', { name: 'Align Left' }).click();
    await expect(popup(page).getByRole('button', { name: 'Align Left' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => b.editor.html()).toContain('class="fr-fil fr-dib"');
    await backToMain(page);

    await openPanel(page, 'Display');
    await popup(page).getByRole('button', { name: 'Inline' }).click();
    await expect.poll(() => b.editor.html()).toContain('class="fr-fil fr-dii"');
    await backToMain(page);

    await openPanel(page, 'Style');
    await popup(page).getByRole('button', { name: 'Rounded' }).click();
    await popup(page).getByRole('button', { name: 'Shadow' }).click();
    await expect.poll(() => b.editor.html()).toContain('class="fr-fil fr-dii fr-rounded fr-shadow"');
    await popup(page).getByRole('button', { name: 'Rounded' }).click();
    await expect.poll(() => b.editor.html()).toContain('class="fr-fil fr-dii fr-shadow"');
    await backToMain(page);

    await openPanel(page, 'Alternative Text');
    await popup(page).getByLabel('Alternative Text').fill('Logo');
    await popup(page).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => b.editor.html()).toContain('alt="Logo"');

    // Change Size: digits mean px, percent stays, anything else clears the width.
    for (const [typed, expected] of [
      ['200', 'style="width: 200px;"'],
      ['50%', 'style="width: 50%;"'],
    ]) {
      await openPanel(page, 'Change Size');
      await expect(popup(page).getByLabel('Height')).toHaveValue('auto');
      await popup(page)
        .getByLabel('Width')
        .fill(typed ?? '');
      await popup(page).getByRole('button', { name: 'Update' }).click();
      await expect.poll(() => b.editor.html()).toContain(expected);
    }
    await openPanel(page, 'Change Size');
    await expect(popup(page).getByLabel('Width')).toHaveValue('50%');
    await popup(page).getByLabel('Width').fill('abc');
    await popup(page).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => b.editor.html()).not.toContain('width:');

    // Caption: the field gets the focus; what is typed reaches the other author.
    await popup(page).getByRole('button', { name: 'Image Caption' }).click();
    const caption = a.editor.content.getByRole('textbox', { name: 'Image Caption' });
    await expect(caption).toBeFocused();
    await page.keyboard.type('Our logo');
    await page.keyboard.press('Enter');
    await expect.poll(() => b.editor.html()).toContain('<span class="fr-inner">Our logo</span>');

    // Link: the link form of the link capability, applied to the image itself.
    await selectImage(a);
    await openPanel(page, 'Insert Link');
    await popup(page).getByLabel('URL').fill('example.com');
    await popup(page).getByRole('button', { name: 'Insert', exact: true }).click();
    await expect.poll(() => b.editor.html()).toMatch(/<a href="https:\/\/example\.com"><span class="fr-img-caption/);

    // Resize with a corner handle: with a height set, the ratio is kept.
    await selectImage(a);
    await openPanel(page, 'Change Size');
    await popup(page).getByLabel('Width').fill('200px');
    await popup(page).getByLabel('Height').fill('100px');
    await popup(page).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => b.editor.html()).toContain('style="width: 200px; height: 100px;"');
    const handle = a.editor.content.locator('.tandem-image-handle-se');
    const box = await boxOf(handle);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => b.editor.html()).toContain('style="width: 300px; height: 150px;"');

    // Mod-= grows the selected image (5 % first), one undo step.
    await selectImage(a);
    await page.keyboard.press('Control+Equal');
    await expect.poll(() => b.editor.html()).toContain('style="width: 315px; height: 158px;"');
    await page.keyboard.press('Control+z');
    await expect.poll(() => b.editor.html()).toContain('style="width: 300px; height: 150px;"');

    await b.editor.page.reload();
    await expect(image(b)).toBeVisible();
    const kept = await b.editor.html();
    expect(kept).toContain('<a href="https://example.com"><span class="fr-img-caption fr-fil fr-dii"');
    expect(kept).toContain('style="width: 300px; height: 150px;"');
    expect(kept).toMatch(/<img src="[^"]+" class="fr-shadow" alt="Logo" data-id="[^"]+">/);
    expect(kept).toContain('<span class="fr-inner">Our logo</span>');

    // Backspace on the selected image removes it, for both authors.
    await selectImage(a);
    await page.keyboard.press('Backspace');
    await expect(image(b)).toHaveCount(0);
    await expect(popup(page)).toBeHidden();
    await close();
  });

  test('Replace uploads a new picture in place and keeps the settings; undo brings the old one back', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Image replace');
    const page = a.editor.page;
    const first = await upload(request, doc, 2);
    await insertUploaded(a, first);
    await selectImage(a);
    await openPanel(page, 'Align');
    await popup(page).getByRole('button', { name: 'Align Right' }).click();
    await backToMain(page);
    await openPanel(page, 'Alternative Text');
    await popup(page).getByLabel('Alternative Text').fill('Chart');
    await popup(page).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => b.editor.html()).toContain('alt="Chart"');

    // The other author never sees the old and the new picture side by side: one change swaps them.
    await b.editor.page.evaluate(() => {
      const root = document.querySelector('.tiptap');
      const w = window as unknown as { maxImages: number };
      w.maxImages = 0;
      new MutationObserver(() => {
        w.maxImages = Math.max(w.maxImages, root?.querySelectorAll('.tandem-image img').length ?? 0);
      }).observe(root ?? document.body, { childList: true, subtree: true });
    });
    const buffer = solidPng(300, 300, seedColour(3));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      popup(page).getByRole('button', { name: 'Replace' }).click(),
    ]);
    await chooser.setFiles({ name: 'new.png', mimeType: 'image/png', buffer });

    await expect(image(b)).toHaveCount(1);
    await expect(image(b)).not.toHaveAttribute('src', first.link);
    await expect(image(b)).toHaveAttribute('src', /\/uploads\//);
    const replaced = await b.editor.html();
    expect(replaced).toMatch(/^<p>Before <img [^>]+> after<\/p>$/);
    for (const kept of ['class="fr-fir fr-dib"', 'style="width: 300px;"', 'alt="Chart"'])
      expect(replaced).toContain(kept);
    expect(replaced).not.toContain(first.link);
    expect(await b.editor.page.evaluate(() => (window as unknown as { maxImages: number }).maxImages)).toBe(1);

    await expect(a.editor.content).toBeFocused();
    await page.keyboard.press('Control+z');
    await expect(image(b)).toHaveAttribute('src', first.link);
    await expect(image(b)).toHaveCount(1);
    await close();
  });

  test('keyboard: Alt+F10 enters the popup, Tab moves on, Escape returns to the editor; in German', async ({
    browser,
    request,
  }) => {
    const author = await openGerman(browser, request, 'Bild bearbeiten');
    const { page } = author.editor;
    await author.editor.waitConnected();
    const uploaded = await upload(request, author.doc, 4);
    await insertUploaded(author, uploaded);
    await selectImage(author, 'Bild bearbeiten');
    const german = popup(page, 'Bild bearbeiten');
    await expect(german.getByRole('button', { name: 'Ausrichten' })).toBeVisible();
    await expect(german.getByRole('button', { name: 'Alternativtext' })).toBeVisible();

    await page.keyboard.press('Alt+F10');
    await expect(german.getByRole('button', { name: 'Ersetzen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(german.getByRole('button', { name: 'Durchsuchen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(german.getByRole('button', { name: 'Ausrichten' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(german.getByRole('button', { name: 'Linksbündig ausrichten' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(german.getByRole('button', { name: 'Linksbündig ausrichten' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => author.editor.html()).toContain('class="fr-fil fr-dib"');

    await page.keyboard.press('Escape');
    await expect(german).toBeHidden();
    await expect(author.editor.content).toBeFocused();
    // The image is still selected: Escape again deselects it, the caret goes after it.
    await page.keyboard.press('Escape');
    await page.keyboard.type('!');
    await expect.poll(() => author.editor.html()).toMatch(/<img [^>]+>! after<\/p>$/);

    // ← puts the caret before a selected image, Enter a line break before it.
    await image(author).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => author.editor.html()).toMatch(/^<p>Before <br><img /);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('#');
    await expect.poll(() => author.editor.html()).toMatch(/^<p>Before <br>#<img /);
    await author.context.close();
  });

  for (const lang of ['en', 'de'] as const) {
    test(`[${lang}] a width of "abc" clears the width, keeps the image centred and the frame the size of the image`, async ({
      browser,
      request,
    }) => {
      const names = {
        en: { popup: 'Edit Image', size: 'Change Size', width: 'Width', update: 'Update' },
        de: { popup: 'Bild bearbeiten', size: 'Größe ändern', width: 'Breite', update: 'Aktualisieren' },
      }[lang];
      const doc = await createDocument(request, 'Width');
      const author = await newEditor(browser);
      await author.editor.page.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
      await author.editor.open(doc.editorUrl, 'Ada');
      const { page } = author.editor;
      await page.setViewportSize({ width: 1400, height: 900 });
      await author.editor.waitConnected();
      const uploaded = await upload(request, doc, 5);
      await insertUploaded(author, uploaded);
      await selectImage(author, names.popup);
      await popup(page, names.popup).getByRole('button', { name: names.size, exact: true }).click();
      await popup(page, names.popup).getByLabel(names.width).fill('abc');
      await popup(page, names.popup).getByRole('button', { name: names.update }).click();
      await expect.poll(() => author.editor.html()).not.toContain('width:');
      const frame = author.editor.content.locator('.tandem-image');
      await expect(frame).toHaveClass(/is-selected-image/);
      const [frameBox, imgBox, contentBox] = await Promise.all([
        frame.boundingBox(),
        image(author).boundingBox(),
        author.editor.content.boundingBox(),
      ]);
      if (!frameBox || !imgBox || !contentBox) throw new Error('no boxes');
      // The frame is the image, not the line.
      expect(Math.abs(frameBox.width - imgBox.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(frameBox.height - imgBox.height)).toBeLessThanOrEqual(1);
      // Still centred (the default alignment).
      const contentCentre = contentBox.x + contentBox.width / 2;
      expect(Math.abs(imgBox.x + imgBox.width / 2 - contentCentre)).toBeLessThanOrEqual(2);
      await page.keyboard.press('Escape');
      await pinFonts(page);
      await expect(frame).toHaveScreenshot(`image-abc-${lang}.png`, {
        animations: 'disabled',
        maxDiffPixelRatio: 0.02,
      });
      await author.context.close();
    });
  }
});
