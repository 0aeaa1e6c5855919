import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { seedColour, solidPng } from '../helpers/png';
import { createDocument, gotoGerman, linkPath, newEditor, twoAuthors, type Author } from './fixtures';

const COUNT = 30;
/** Every sixth image is tagged "cats" (0, 6, 12, 18, 24). */
const catIndexes = [0, 6, 12, 18, 24];

async function uploadImages(request: APIRequestContext, doc: CreatedDocument): Promise<UploadResponse[]> {
  const answers: UploadResponse[] = [];
  for (let i = 0; i < COUNT; i++) {
    // Taller than wide, so a page of 12 always fills the modal (no automatic second page).
    const buffer = solidPng(40, 50 + (i % 4) * 10, seedColour(i + 1));
    const res = await request.post(`/api/documents/${doc.id}/images`, {
      headers: { authorization: `Bearer ${doc.editorToken}` },
      multipart: {
        tag: catIndexes.includes(i) ? 'cats' : '',
        file: { name: `img-${String(i).padStart(2, '0')}.png`, mimeType: 'image/png', buffer },
      },
    });
    expect(res.status()).toBe(201);
    answers.push((await res.json()) as UploadResponse);
  }
  return answers;
}

async function serverTotal(request: APIRequestContext, doc: CreatedDocument): Promise<number> {
  const res = await request.get(`/api/documents/${doc.id}/images?offset=0&limit=1`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
  });
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

const manager = (page: Page) => page.getByRole('dialog', { name: 'Manage Images' });
const tiles = (page: Page) => manager(page).locator('.im-tile');

/** Opens the manager from the "/" menu in a new empty paragraph at the end. */
async function openManager(author: Author): Promise<void> {
  const { page } = author.editor;
  await author.editor.content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await page.keyboard.type('manage');
  await page.getByRole('listbox', { name: 'Insert' }).getByRole('option', { name: 'Manage Images' }).click();
  await expect(manager(page)).toBeVisible();
}

const scrollToEnd = (page: Page) =>
  manager(page)
    .locator('.im-scroll')
    .evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });

test.describe('image manager', () => {
  test.describe.configure({ timeout: 90_000 });

  test('pages 12 at a time on scroll, lays out 2/3/4 columns, filters by tag and edits tags', async ({
    browser,
    request,
  }) => {
    const { doc, a, close } = await twoAuthors(browser, request, 'Image manager paging');
    await uploadImages(request, doc);
    const page = a.editor.page;
    await page.setViewportSize({ width: 1400, height: 800 });
    await openManager(a);

    await expect(tiles(page)).toHaveCount(12);
    await expect(manager(page).locator('.im-column')).toHaveCount(4);
    await scrollToEnd(page);
    await expect(tiles(page)).toHaveCount(24);
    await scrollToEnd(page);
    await expect(tiles(page)).toHaveCount(30);

    await page.setViewportSize({ width: 700, height: 800 });
    await expect(manager(page).locator('.im-column')).toHaveCount(2);
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(manager(page).locator('.im-column')).toHaveCount(3);
    await page.setViewportSize({ width: 1400, height: 800 });
    await expect(manager(page).locator('.im-column')).toHaveCount(4);
    await expect(tiles(page)).toHaveCount(30);

    // Tag filter: one chip active at a time, filtered on the server.
    const chips = manager(page).getByRole('group', { name: 'Filter by tag' });
    await chips.getByRole('button', { name: 'cats' }).click();
    await expect(chips.getByRole('button', { name: 'cats' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles(page)).toHaveCount(catIndexes.length);
    for (const input of await manager(page).locator('.im-tag').all()) await expect(input).toHaveValue('cats');
    await chips.getByRole('button', { name: 'cats' }).click();
    await expect(tiles(page)).toHaveCount(12);

    // Editing a tag saves it on the server and adds its chip.
    const tagField = manager(page).getByRole('textbox', { name: 'Tags of img-29.png' });
    await tagField.fill('birds');
    await tagField.press('Enter');
    await expect(chips.getByRole('button', { name: 'birds' })).toBeVisible();
    await expect
      .poll(async () => {
        const res = await request.get(`/api/documents/${doc.id}/images?tag=birds`, {
          headers: { authorization: `Bearer ${doc.editorToken}` },
        });
        return ((await res.json()) as { name: string }[]).map((i) => i.name);
      })
      .toEqual(['img-29.png']);
    await chips.getByRole('button', { name: 'birds' }).click();
    await expect(tiles(page)).toHaveCount(1);
    await close();
  });

  test('inserts for both authors, replaces a selected image, deletes after confirmation everywhere', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Image manager insert');
    const uploaded = await uploadImages(request, doc);
    const page = a.editor.page;
    await page.setViewportSize({ width: 1400, height: 800 });
    const byName = (name: string) => uploaded.find((u) => u['data-name'] === name)?.link ?? '';

    // Opened from the image popup's Browse tab; Insert by keyboard (reachable without hovering).
    await a.editor.content.click();
    await page.getByRole('button', { name: 'Insert Image' }).click();
    await page.getByRole('tab', { name: 'Browse' }).click();
    await page.getByRole('tabpanel', { name: 'Browse' }).getByRole('button', { name: 'Manage Images' }).click();
    await expect(manager(page)).toBeVisible();
    const insert = manager(page).getByRole('button', { name: 'Insert img-29.png' });
    await insert.focus();
    await page.keyboard.press('Enter');
    await expect(manager(page)).toBeHidden();
    const first = byName('img-29.png');
    await expect(a.editor.content.locator(`img[src="${first}"]`)).toHaveCount(1);
    await expect.poll(() => b.editor.xml()).toContain(first);
    expect(await a.editor.html()).toMatch(/<img[^>]*style="width: 300px;?"/);

    // Replace: the selected image is swapped, its size kept.
    await a.editor.content.locator(`img[src="${first}"]`).click();
    await openManagerForSelection(a);
    await manager(page).getByRole('button', { name: 'Insert img-28.png' }).click();
    const second = byName('img-28.png');
    await expect(a.editor.content.locator(`img[src="${second}"]`)).toHaveCount(1);
    await expect(a.editor.content.locator(`img[src="${first}"]`)).toHaveCount(0);
    await expect.poll(() => b.editor.xml()).toContain(second);
    await expect.poll(() => b.editor.xml()).not.toContain(first);

    // Delete: Cancel (the default) sends nothing; OK deletes on the server and in both documents.
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/images/delete')) deletes.push(r.url());
    });
    await openManager(a);
    await manager(page).getByRole('button', { name: 'Delete img-28.png' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete image' });
    await expect(confirm).toContainText('Are you sure? Image will be deleted.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    expect(deletes).toEqual([]);
    await expect(manager(page).getByRole('button', { name: 'Delete img-28.png' })).toBeVisible();

    await manager(page).getByRole('button', { name: 'Delete img-28.png' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(manager(page).locator('.im-tile', { has: page.locator(`img[alt="img-28.png"]`) })).toHaveCount(0);
    expect(deletes).toHaveLength(1);
    expect(await serverTotal(request, doc)).toBe(COUNT - 1);
    await expect.poll(() => a.editor.xml()).not.toContain(second);
    await expect.poll(() => b.editor.xml()).not.toContain(second);
    await close();
  });

  test('shows every load and delete failure as a message', async ({ browser, request }) => {
    const { doc, a, close } = await twoAuthors(browser, request, 'Image manager errors');
    await uploadImages(request, doc);
    const page = a.editor.page;
    const load = `**/api/documents/${doc.id}/images?*`;

    await page.route(load, (route) => route.fulfill({ status: 500, body: '{"code":"INTERNAL"}' }));
    await openManager(a);
    await expect(manager(page).getByRole('alert')).toHaveText(/Error during load images request\./);
    await page.keyboard.press('Escape');

    await page.unroute(load);
    await page.route(load, (route) => route.fulfill({ status: 200, body: '<html>not json</html>' }));
    await openManager(a);
    await expect(manager(page).getByRole('alert')).toHaveText(/Parsing load response failed\./);
    await page.keyboard.press('Escape');

    // A real item without thumb (url shown), one without url (dropped), one whose image is broken (dropped).
    await page.unroute(load);
    await page.route(load, async (route) => {
      const res = await route.fetch();
      const items = (await res.json()) as Record<string, unknown>[];
      const [withThumb, noThumb, noUrl] = items;
      const patched = [
        withThumb,
        { ...noThumb, thumb: undefined },
        { ...noUrl, url: undefined },
        {
          url: 'http://127.0.0.1:9/missing.png',
          thumb: 'http://127.0.0.1:9/missing.png',
          name: 'gone',
          tag: '',
          id: 'x',
        },
      ];
      await route.fulfill({ status: 200, body: JSON.stringify(patched), headers: { 'x-total-count': '4' } });
    });
    await openManager(a);
    const notices = manager(page).getByRole('status').filter({ hasText: 'Missing image thumb.' });
    await expect(notices).toBeVisible();
    await expect(manager(page).getByText('Missing image URL.')).toBeVisible();
    await expect(manager(page).getByText('Image cannot be loaded from the passed link.')).toBeVisible();
    await expect(tiles(page)).toHaveCount(2);
    await page.keyboard.press('Escape');

    // A failed delete restores the tile and says so.
    await page.unroute(load);
    await page.route('**/images/delete', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openManager(a);
    await expect(tiles(page)).toHaveCount(12);
    await manager(page).getByRole('button', { name: 'Delete img-29.png' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(manager(page).getByRole('alert')).toHaveText(/Error during delete image request\./);
    await expect(manager(page).getByRole('button', { name: 'Delete img-29.png' })).toBeVisible();
    expect(await serverTotal(request, doc)).toBe(COUNT);
    await close();
  });

  test('is translated to German', async ({ browser, request }) => {
    const { doc, a, close } = await twoAuthors(browser, request, 'Bilder');
    await uploadImages(request, doc);
    const page = a.editor.page;
    await page.evaluate(() => localStorage.setItem('tandem.language', 'de'));
    await page.reload();
    await a.editor.content.click();
    await page.keyboard.type('/');
    await page.keyboard.type('Bilder');
    await page.getByRole('option', { name: 'Bilder verwalten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilder verwalten' });
    await expect(dialog.locator('.im-tile')).toHaveCount(12);
    await dialog.getByRole('button', { name: 'img-29.png löschen' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Wollen Sie das Bild wirklich löschen?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Abbrechen' }).click();
    await close();
  });
});

test.describe('image manager toolbar button and empty state', () => {
  const emptyEnglish =
    'No images uploaded to this document yet. Images you upload or paste appear here, so you can insert them again or delete them.';
  const emptyGerman =
    'In dieses Dokument wurden noch keine Bilder hochgeladen. Bilder, die Sie hochladen oder einfügen, erscheinen hier, damit Sie sie erneut einfügen oder löschen können.';

  test('the button right after Insert Image opens the manager, which says what it is for; viewers have none', async ({
    browser,
    request,
  }) => {
    const doc = await createDocument(request, 'Image manager button');
    const author = await newEditor(browser);
    const { page } = author.editor;
    await page.setViewportSize({ width: 1400, height: 900 });
    await author.editor.open(doc.editorUrl, 'Ada');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const button = toolbar.getByRole('button', { name: 'Manage Images' });
    await expect(button).toHaveAttribute('data-item', 'imageManager');
    // Its neighbour on the left is Insert Image.
    expect(await button.evaluate((el) => el.previousElementSibling?.getAttribute('data-item'))).toBe('insertImage');
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await button.click();
    await expect(manager(page)).toBeVisible();
    await expect(manager(page).getByText(emptyEnglish)).toBeVisible();
    // Nothing to act on: no tiles, no tag filter, no error.
    await expect(tiles(page)).toHaveCount(0);
    await expect(manager(page).getByRole('group', { name: 'Filter by tag' })).toHaveCount(0);
    await expect(manager(page).getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(manager(page)).toBeHidden();
    await expect(author.editor.content).toBeFocused();

    const reader = await newEditor(browser);
    await reader.editor.open(doc.viewerUrl, 'Reader');
    await expect(reader.editor.page.getByText('View only')).toBeVisible();
    await expect(reader.editor.page.getByRole('button', { name: 'Manage Images' })).toHaveCount(0);
    await author.context.close();
    await reader.context.close();
  });

  test('is labelled and explained in German', async ({ page, request }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await gotoGerman(page, request, 'Bilderverwaltung');
    await page.getByRole('toolbar', { name: 'Formatierung' }).getByRole('button', { name: 'Bilder verwalten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilder verwalten' });
    await expect(dialog.getByText(emptyGerman)).toBeVisible();
    await expect(dialog.locator('.im-tile')).toHaveCount(0);
  });

  for (const lang of ['en', 'de'] as const) {
    test(`[${lang}] at 390 px the button waits behind "More Insert" and the empty manager fits the screen`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const names =
        lang === 'en'
          ? { toolbar: 'Formatting', more: 'More Insert', button: 'Manage Images', empty: emptyEnglish }
          : { toolbar: 'Formatierung', more: 'Mehr Einfügen', button: 'Bilder verwalten', empty: emptyGerman };
      if (lang === 'de') await gotoGerman(page, request, 'Schmal');
      else await page.goto(linkPath((await createDocument(request, 'Narrow')).editorUrl));
      const toolbar = page.getByRole('toolbar', { name: names.toolbar });
      await expect(toolbar).toHaveAttribute('data-breakpoint', 'phone');
      await expect(toolbar.getByRole('button', { name: names.button })).toHaveCount(0);
      await toolbar.getByRole('button', { name: names.more }).click();
      const overflow = toolbar.getByRole('group', { name: names.more });
      await overflow.getByRole('button', { name: names.button }).click();
      const dialog = page.getByRole('dialog', { name: names.button });
      const empty = dialog.getByText(names.empty);
      await expect(empty).toBeVisible();
      for (const box of [await dialog.boundingBox(), await empty.boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      await expect(dialog.getByRole('button', { name: lang === 'en' ? 'Close' : 'Schließen' })).toBeVisible();
    });
  }
});

/** Opens the manager from the selected image's edit popup ("Browse"): Insert then replaces that image. */
async function openManagerForSelection(author: Author): Promise<void> {
  const { page } = author.editor;
  await page.getByRole('button', { name: 'Browse', exact: true }).click();
  await expect(manager(page)).toBeVisible();
}
