import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Errors } from '@shared/errors';
import { makeMp4OfSize, makeWebm } from '../helpers/media-fixtures';
import { openGerman, twoAuthors, type Author, gateUploads, boxOf } from './fixtures';

const YT = 'dQw4w9WgXcQ';
const NOCOOKIE = `https://www.youtube-nocookie.com/embed/${YT}`;
const SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

const insertDialog = (page: Page) => page.getByRole('dialog', { name: 'Insert Video' });
const videoPopup = (page: Page) => page.getByRole('dialog', { name: 'Video', exact: true });
const videos = (author: Author) => author.editor.content.locator('.tandem-video');

/** There is no internet: the players' pages are answered locally with a blank page. */
async function blankPlayers(context: BrowserContext): Promise<void> {
  for (const pattern of ['**/*youtube-nocookie.com/**', '**/player.vimeo.com/**', '**/*dailymotion.com/**']) {
    await context.route(pattern, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
  }
}

async function openInsert(page: Page, tab: 'By URL' | 'Embedded Code' | 'Upload Video'): Promise<void> {
  await page.getByRole('button', { name: 'Insert Video' }).click();
  await expect(insertDialog(page)).toBeVisible();
  // By URL is the open tab (and its field has the focus); clicking the tab would take the focus.
  if (tab !== 'By URL') await insertDialog(page).getByRole('tab', { name: tab }).click();
}

async function insertByUrl(page: Page, url: string): Promise<void> {
  await openInsert(page, 'By URL');
  await insertDialog(page).getByLabel('Paste in a video URL').fill(url);
  await insertDialog(page).getByRole('button', { name: 'Insert', exact: true }).click();
}

test('by URL: a youtu.be link becomes a sandboxed nocookie embed for both authors; unknown sites are refused', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Video by URL');
  await blankPlayers(a.context);
  await blankPlayers(b.context);
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await a.editor.typeAtEnd('Watch: ');

  await openInsert(page, 'By URL');
  const field = insertDialog(page).getByLabel('Paste in a video URL');
  await expect(field).toBeFocused();
  await field.fill('https://example.com/watch?v=abc');
  await insertDialog(page).getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(insertDialog(page).getByRole('alert')).toHaveText(Errors.VIDEO_URL_UNSUPPORTED.message);
  expect(await a.editor.html()).not.toContain('fr-video');

  await field.fill(`https://youtu.be/${YT}`);
  await insertDialog(page).getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(insertDialog(page)).toBeHidden();

  const frame = videos(b).locator('iframe');
  await expect(frame).toHaveAttribute('src', NOCOOKIE);
  await expect(frame).toHaveAttribute('sandbox', SANDBOX);
  await expect(frame).toHaveAttribute('allow', 'fullscreen; picture-in-picture');
  await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  await expect(frame).not.toHaveAttribute('srcdoc', /.*/);
  await expect(frame).not.toHaveAttribute('autoplay', /.*/);
  await expect(videos(b)).toHaveClass(/fr-dvb/);
  await expect(videos(b)).toHaveClass(/fr-fvc/);
  await expect
    .poll(() => b.editor.html())
    .toContain(
      `<p>Watch: <span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="${NOCOOKIE}" width="600" sandbox="${SANDBOX}"`,
    );

  // The shield takes the click: the video gets selected and its popup opens.
  await videos(a).click();
  await expect(videos(a)).toHaveClass(/is-selected-video/);
  await expect(videoPopup(page)).toBeVisible();

  await b.editor.page.reload();
  await expect(videos(b).locator('iframe')).toHaveAttribute('src', NOCOOKIE);
  await close();
});

test('embedded code: an allowlisted iframe is accepted (script dropped), others are refused', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Video embed');
  await blankPlayers(a.context);
  await blankPlayers(b.context);
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await a.editor.typeAtEnd('Embed: ');

  await openInsert(page, 'Embedded Code');
  const code = insertDialog(page).getByRole('textbox', { name: 'Embedded Code' });
  const insert = insertDialog(page).getByRole('button', { name: 'Insert', exact: true });
  for (const evil of [
    `<iframe src="https://www.youtube.com.evil.example/embed/${YT}"></iframe>`,
    `<iframe src="https://www.youtube.com/embed/${YT}" srcdoc="<script>alert(1)</script>"></iframe>`,
    '<iframe src="javascript:alert(1)"></iframe>',
    '<p>x</p>',
  ]) {
    await code.fill(evil);
    await insert.click();
    await expect(insertDialog(page).getByRole('alert')).toHaveText(Errors.VIDEO_EMBED_REJECTED.message);
  }
  expect(await a.editor.html()).not.toContain('fr-video');

  await code.fill(
    '<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;autoplay=1" width="640" height="360" allow="autoplay; fullscreen"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
  );
  await insert.click();
  await expect(insertDialog(page)).toBeHidden();
  const frame = videos(b).locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1&h=8272103f6e');
  await expect(frame).toHaveAttribute('sandbox', SANDBOX);
  await expect(frame).toHaveAttribute('allow', 'fullscreen; picture-in-picture');
  await expect.poll(() => b.editor.html()).toContain('width="640" height="360"');
  expect(await b.editor.html()).not.toMatch(/<script|autoplay/);
  await close();
});

test('upload: the other author sees the placeholder, then <video controls>; align, size, resize, remove; reload keeps it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Video upload');
  await blankPlayers(a.context);
  await blankPlayers(b.context);
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await a.editor.typeAtEnd('Clip: ');
  const gate = await gateUploads(page, 'videos');

  await openInsert(page, 'Upload Video');
  await expect(insertDialog(page).getByRole('button', { name: /Drop video/ })).toBeVisible();
  const input = insertDialog(page).getByLabel('Choose a video to upload');
  await expect(input).toHaveAttribute('accept', /\.mp4/);
  await expect(input).toHaveAttribute('accept', /\.webm/);
  await input.setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: makeWebm() });
  await gate.seen;
  const placeholder = b.editor.page.locator('.tiptap .upload-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('clip.webm');
  gate.release();

  const seen = videos(b).locator('video');
  await expect(seen).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/uploads\/.+/);
  await expect(seen).toHaveAttribute('controls', '');
  await expect(seen).not.toHaveAttribute('autoplay', /.*/);
  await expect(placeholder).toHaveCount(0);
  await expect
    .poll(() => b.editor.html())
    .toMatch(
      /<span class="fr-video fr-dvb fr-fvc" contenteditable="false"><video src="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+" controls="" preload="metadata" data-id="[^"]+" style="width: 600px;"><\/video><\/span>/,
    );

  // Edit popup: align, display, size (one change each, seen by the other author).
  await videos(a).click();
  const popup = videoPopup(page);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Align Left' }).click();
  await expect(videos(b)).toHaveClass(/fr-fvl/);
  await popup.getByRole('button', { name: 'Inline' }).click();
  await expect(videos(b)).toHaveClass(/fr-dvi/);
  await popup.getByRole('button', { name: 'Break Text' }).click();
  await expect(videos(b)).toHaveClass(/fr-dvb/);
  await popup.getByRole('button', { name: 'Change Size' }).click();
  const sizeForm = page.getByRole('dialog', { name: 'Change Size' });
  await sizeForm.getByLabel('Width').fill('320');
  await sizeForm.getByLabel('Height').fill('tall');
  await sizeForm.getByRole('button', { name: 'Update' }).click();
  await expect(videos(b)).toHaveAttribute('style', /width: 320px/);
  await expect.poll(() => b.editor.html()).toContain('style="width: 320px;"');
  expect(await b.editor.html()).not.toContain('height');

  // Resize handle: the width follows the drag (aspect kept by the player), one change on release.
  await expect(videos(a)).toHaveClass(/is-selected-video/);
  const handle = videos(a).locator('.tandem-video-handle-se');
  const box = await boxOf(handle);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 10, { steps: 4 });
  await page.mouse.up();
  await expect(videos(b)).toHaveAttribute('style', /width: 400px/);

  // Escape closes the popup; the video stays.
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(videos(b)).toHaveCount(1);

  await page.reload();
  // The copy kept in the browser shows first; the server's state then rebuilds the blocks (and a
  // selection made in between), so the click waits for the connection.
  await a.editor.waitConnected();
  await expect(videos(a).locator('video')).toHaveAttribute('src', /\/uploads\//);
  await expect(videos(a)).toHaveClass(/fr-fvl/);

  // Remove from the popup.
  await videos(a).click();
  await videoPopup(page).getByRole('button', { name: 'Remove' }).click();
  await expect(videos(b)).toHaveCount(0);
  await expect.poll(() => b.editor.html()).toBe('<p>Clip: </p>');
  await close();
});

test('keyboard: Delete removes a selected video; replace by URL keeps its placement', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Video keyboard');
  await blankPlayers(a.context);
  await blankPlayers(b.context);
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await a.editor.typeAtEnd('V: ');
  await insertByUrl(page, 'https://vimeo.com/76979871');
  await expect(videos(b).locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1');

  await videos(a).click();
  await videoPopup(page).getByRole('button', { name: 'Align Right' }).click();
  await videoPopup(page).getByRole('button', { name: 'Replace' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace' });
  await replace.getByLabel('Paste in a video URL').fill(`https://www.youtube.com/watch?v=${YT}&t=1m5s`);
  await replace.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(videos(b).locator('iframe')).toHaveAttribute('src', `${NOCOOKIE}?start=65`);
  await expect(videos(b)).toHaveClass(/fr-fvr/);
  await expect(videos(b)).toHaveCount(1);

  // With the video's popup open, a toolbar menu opens over it and keeps the focus.
  await videos(a).click();
  await expect(videoPopup(page)).toBeVisible();
  await page.getByRole('button', { name: 'Text Color' }).click();
  const colors = page.getByRole('dialog', { name: 'Text Color' });
  await expect(colors).toBeVisible();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(colors).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(colors).toBeHidden();

  await videos(a).click();
  await expect(videos(a)).toHaveClass(/is-selected-video/);
  await page.keyboard.press('Delete');
  await expect(videos(b)).toHaveCount(0);

  // Quick insert: "/video" opens the same form.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/video');
  const list = page.getByRole('listbox', { name: 'Insert' });
  await list.getByRole('option', { name: 'Video', exact: true }).click();
  await expect(insertDialog(page)).toBeVisible();
  await expect(insertDialog(page).getByRole('tab', { name: 'By URL' })).toHaveAttribute('aria-selected', 'true');
  await close();
});

test('upload refusals: a file over the cap is refused before any request, with the translated message', async ({
  browser,
  request,
}) => {
  const { a, close } = await twoAuthors(browser, request, 'Video too large');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/videos')) posts += 1;
  });
  await openInsert(page, 'Upload Video');
  await insertDialog(page)
    .getByLabel('Choose a video to upload')
    .setInputFiles({ name: 'big.mp4', mimeType: 'video/mp4', buffer: makeMp4OfSize(10 * 1024 * 1024 + 1) });
  await expect(insertDialog(page).getByRole('alert')).toHaveText(Errors.VIDEO_TOO_LARGE.message);
  await insertDialog(page)
    .getByLabel('Choose a video to upload')
    .setInputFiles({ name: 'movie.mkv', mimeType: 'video/x-matroska', buffer: makeWebm() });
  await expect(insertDialog(page).getByRole('alert')).toHaveText(Errors.VIDEO_INVALID_TYPE.message);
  expect(posts).toBe(0);
  expect(await a.editor.html()).not.toContain('fr-video');
  await close();
});

test('German: the refusal of an unknown address is translated', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Video Deutsch');
  const page = editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.getByRole('button', { name: 'Video einfügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Video einfügen' });
  await expect(dialog.getByRole('tab', { name: 'Per URL' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Video-URL hier einfügen').fill('https://example.com/film');
  await dialog.getByRole('button', { name: 'Einfügen', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Diese Video-Adresse wird nicht unterstützt.');
  await context.close();
});
