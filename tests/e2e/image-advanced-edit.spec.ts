import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { seedColour, solidPng } from '../helpers/png';
import { gateUploads, openGerman, pinFonts, twoAuthors, type Author } from './fixtures';

const SHOTS = '/tmp/shots-imgedit';

/** Uploads a 400 × 200 PNG to the document through the server's image endpoint. */
async function upload(request: APIRequestContext, doc: CreatedDocument, seed: number): Promise<UploadResponse> {
  const buffer = solidPng(400, 200, seedColour(seed));
  const res = await request.post(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    multipart: { file: { name: `picture-${String(seed)}.png`, mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UploadResponse;
}

/** A line of text, then the uploaded image (300 px wide, aligned left, with a caption). */
async function insertImage(author: Author, uploaded: UploadResponse): Promise<void> {
  await author.editor.typeFresh('Before');
  await author.editor.page.evaluate(
    ({ src, uploadId }) => {
      window.__tandem?.editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src, width: '300px', uploadId, align: 'left', caption: 'Cap' } })
        .run();
    },
    { src: uploaded.link, uploadId: uploaded['data-id'] },
  );
}

const image = (author: Author) => author.editor.content.locator('.tandem-image img');
const dialog = (page: Page, name = 'Advanced image editing') => page.getByRole('dialog', { name });

/** Selects the image and opens the advanced editor from its popup; waits for the picture on the canvas. */
async function openAdvanced(author: Author, names = { popup: 'Edit Image', button: 'Advanced Edit' }): Promise<void> {
  const page = author.editor.page;
  await image(author).first().click();
  await page.getByRole('dialog', { name: names.popup }).getByRole('button', { name: names.button }).click();
  await expect(page.locator('.image-advanced-edit canvas').first()).toBeVisible({ timeout: 30_000 });
}

/** Turns the picture a quarter to the right with the library's Rotate tool. */
async function rotateRight(page: Page, tool = 'Rotate'): Promise<void> {
  await page.locator('.image-advanced-edit').getByText(tool, { exact: true }).click();
  await page.locator('.FIE_rotate_button_right').click();
}

/** Serious and critical axe-core findings inside the advanced editor (rule id and the elements' selectors). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('.image-advanced-edit').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/** The picture's decoded size in this page (after it has loaded). */
async function naturalSize(author: Author): Promise<{ width: number; height: number }> {
  await expect.poll(() => image(author).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  return image(author).evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

test.describe('advanced image editing', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a rotated picture replaces the image for the other author, keeping caption, alignment and size', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Advanced edit');
    const page = a.editor.page;
    const uploaded = await upload(request, doc, 0x3366cc);
    await insertImage(a, uploaded);
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    const uploads: string[] = [];
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/images$/.test(r.url())) uploads.push(r.url());
      if (!/^(https?:\/\/127\.0\.0\.1:\d+\/|data:|blob:)/.test(r.url())) foreign.push(r.url());
    });

    await page.setViewportSize({ width: 1400, height: 900 });
    await openAdvanced(a);
    await mkdir(SHOTS, { recursive: true });
    await pinFonts(page);
    await page.screenshot({ path: `${SHOTS}/advanced-edit-en-1400.png` });
    // The drawing tools (pen, shapes, text) are the library's Annotate tab.
    await dialog(page).getByText('Annotate', { exact: true }).click();
    await expect(dialog(page).getByText('Text', { exact: true })).toBeVisible();
    await expect(dialog(page).getByText('Pen', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/advanced-edit-en-annotate-1400.png` });
    await dialog(page).getByText('Adjust', { exact: true }).click();
    await rotateRight(page);
    // The upload shows its progress in the dialog; the image changes only once it is done.
    const gate = await gateUploads(page, 'images');
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await gate.seen;
    await expect(dialog(page).getByRole('status')).toContainText('Uploading the edited image…');
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    gate.release();
    await expect(dialog(page)).toBeHidden({ timeout: 30_000 });
    expect(uploads).toHaveLength(1);
    // Nothing of the editor went anywhere but our own server (no translation or font service).
    expect(foreign).toEqual([]);

    // Bob sees the new upload, turned a quarter (200 × 400), with the caption and the rest kept.
    await expect(image(b)).not.toHaveAttribute('src', uploaded.link);
    const src = (await image(b).getAttribute('src')) ?? '';
    expect(src).toMatch(/^https?:\/\/127\.0\.0\.1:\d+\/.+\.png$/);
    expect(await naturalSize(b)).toEqual({ width: 200, height: 400 });
    const html = await b.editor.html();
    expect(html).toContain('<span class="fr-inner">Cap</span>');
    expect(html).toContain('fr-fil');
    expect(html).toContain('width: 300px');

    // One undo step brings the old picture back, for Bob too.
    await a.editor.content.click();
    await page.keyboard.press('Control+z');
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    await close();
  });

  test('Cancel changes nothing and uploads nothing', async ({ browser, request }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Advanced edit cancel');
    const page = a.editor.page;
    const uploaded = await upload(request, doc, 0xcc3366);
    await insertImage(a, uploaded);
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    const before = await b.editor.xml();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/images$/.test(r.url())) uploads.push(r.url());
    });

    await openAdvanced(a);
    const problems: string[] = [];
    for (const tab of ['Finetune', 'Filters', 'Annotate', 'Resize', 'Adjust']) {
      await dialog(page).getByRole('button', { name: tab, exact: true }).click();
      await expect(dialog(page).getByRole('button', { name: tab, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      problems.push(...(await axeProblems(page)).map((found) => `${tab}: ${found}`));
    }
    expect(problems).toEqual([]);
    await rotateRight(page);
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    // Escape closes it too.
    await openAdvanced(a);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    expect(uploads).toEqual([]);
    expect(await a.editor.xml()).toBe(before);
    expect(await b.editor.xml()).toBe(before);
    await close();
  });

  test('an image deleted by another author meanwhile: the result can be inserted as a new image', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Advanced edit conflict');
    const page = a.editor.page;
    const uploaded = await upload(request, doc, 0x33cc66);
    await insertImage(a, uploaded);
    await expect(image(b)).toHaveAttribute('src', uploaded.link);

    await openAdvanced(a);
    await b.editor.page.evaluate(() => {
      const editor = window.__tandem?.editor;
      if (!editor) return;
      editor.state.doc.descendants((node, pos) => {
        if (node.type.name === 'image')
          editor
            .chain()
            .deleteRange({ from: pos, to: pos + 1 })
            .run();
        return true;
      });
    });
    await expect(image(a)).toHaveCount(0);
    await rotateRight(page);
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('image-advanced-edit-conflict');
    await expect(conflict).toContainText('Another author deleted this image while you were editing it.');
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/advanced-edit-en-conflict.png` });
    await conflict.getByRole('button', { name: 'Insert as new image' }).click();
    await expect(dialog(page)).toBeHidden();

    await expect(image(b)).toHaveCount(1, { timeout: 30_000 });
    await expect(image(b)).not.toHaveAttribute('src', uploaded.link);
    expect(await naturalSize(b)).toEqual({ width: 200, height: 400 });
    await close();
  });

  test('an image replaced by another author meanwhile: Discard leaves their picture and uploads nothing', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Advanced edit replaced');
    const page = a.editor.page;
    const uploaded = await upload(request, doc, 0x6633cc);
    const theirs = await upload(request, doc, 0xcc9933);
    await insertImage(a, uploaded);
    await expect(image(b)).toHaveAttribute('src', uploaded.link);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/images$/.test(r.url())) uploads.push(r.url());
    });

    await openAdvanced(a);
    await b.editor.page.evaluate(
      ({ src, uploadId }) => {
        const editor = window.__tandem?.editor;
        if (!editor) return;
        editor.state.doc.descendants((node, pos) => {
          if (node.type.name === 'image')
            editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, src, uploadId }));
          return true;
        });
      },
      { src: theirs.link, uploadId: theirs['data-id'] },
    );
    await expect(image(a)).toHaveAttribute('src', theirs.link);
    await rotateRight(page);
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('image-advanced-edit-conflict');
    await expect(conflict).toContainText('Another author replaced this image while you were editing it.');
    await conflict.getByRole('button', { name: 'Discard my changes' }).click();
    await expect(dialog(page)).toBeHidden();
    expect(uploads).toEqual([]);
    await expect(image(b)).toHaveCount(1);
    await expect(image(b)).toHaveAttribute('src', theirs.link);
    await close();
  });

  test('German labels, and the editor on a 390 px screen', async ({ browser, request }) => {
    const author = await openGerman(browser, request, 'Erweiterte Bearbeitung');
    const page = author.editor.page;
    const uploaded = await upload(request, author.doc, 0x999933);
    await insertImage(author, uploaded);
    await page.setViewportSize({ width: 1400, height: 900 });
    await openAdvanced(author, { popup: 'Bild bearbeiten', button: 'Erweiterte Bearbeitung' });
    const german = dialog(page, 'Erweiterte Bildbearbeitung');
    await expect(german.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible();
    await expect(german.getByRole('button', { name: 'Abbrechen', exact: true })).toBeVisible();
    await expect(german.getByText('Drehen', { exact: true })).toBeVisible();
    await expect(german.getByText('Anpassen', { exact: true }).first()).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await pinFonts(page);
    await page.screenshot({ path: `${SHOTS}/advanced-edit-de-1400.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(german.getByRole('button', { name: 'Speichern', exact: true })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/advanced-edit-de-390.png` });
    await german.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await expect(german).toBeHidden();
    await author.context.close();
  });
});
