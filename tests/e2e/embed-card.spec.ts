import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { openGerman, twoAuthors, type Author } from './fixtures';

/**
 * Embed cards (FROALA-REFERENCE §38) from a local fixture site (127.0.0.1 is on the e2e server's fetch
 * allow-list): inserted from the toolbar, the "/" menu and a pasted bare address; seen by the other author;
 * selected by a click (outline, Remove / Open link), Escape deselects, Delete removes, undo restores.
 */
const SHOTS = '/tmp/shots-embed';
// A 2×2 PNG, served as the page's og:image (the server re-hosts it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
let site: http.Server;
let siteUrl: string;

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html><head><title>Article</title>
         <meta property="og:title" content="Tandem field notes"><meta property="og:site_name" content="Fixture Site">
         <meta property="og:description" content="How a card is made from a page."><meta property="og:image" content="/pic.png">
         </head><body><script>document.title = 'x'</script></body></html>`,
      );
    } else if (req.url === '/pic.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const cardIn = (author: Author) => author.editor.content.locator('.fr-embed-card');

/** Opens the "Insert Card" popup from the toolbar (behind the insert group's "More" when the row is full). */
async function openInsertCard(page: Page, labels: { insert: string; more: string }): Promise<void> {
  const button = page.getByRole('button', { name: labels.insert, exact: true });
  if (!(await button.isVisible())) await page.getByRole('button', { name: labels.more }).click();
  await button.click();
}

async function paste(page: Page, text: string): Promise<void> {
  await page.locator('.tiptap').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('English: a card from the fixture site reaches the other author; select, Escape, Delete, undo', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Cards');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Intro');
  await page.keyboard.press('Enter');

  // An address the server cannot read: a clear message, nothing inserted.
  await openInsertCard(page, { insert: 'Insert Card', more: 'More Insert' });
  const form = page.locator('.embed-form');
  await form.getByLabel('Web address').fill(`${siteUrl}/missing`);
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form.getByRole('alert')).toHaveText('The page could not be read for a card.');
  expect(await seriousViolations(page), 'the card form with its error').toEqual([]);
  await form.getByLabel('Web address').fill(`${siteUrl}/article`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${SHOTS}/form-en-1400.png` });
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeHidden();

  for (const author of [a, b]) {
    const card = cardIn(author);
    await expect(card.locator('.fr-embed-card-title')).toHaveText('Tandem field notes');
    await expect(card.locator('.fr-embed-card-site')).toHaveText('Fixture Site');
    await expect(card.locator('.fr-embed-card-description')).toHaveText('How a card is made from a page.');
    await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);
    await expect(card.locator('script')).toHaveCount(0);
  }
  await expect.poll(() => b.editor.xml()).toContain('<embedcard');

  // Inserted selected: outline and the small popup.
  const popup = page.getByRole('toolbar', { name: 'Card' });
  await expect(cardIn(a)).toHaveClass(/ProseMirror-selectednode/);
  await expect(popup.getByRole('link', { name: 'Open link' })).toHaveAttribute('href', `${siteUrl}/article`);
  await page.screenshot({ path: `${SHOTS}/card-selected-en-1400.png` });
  expect(await seriousViolations(page), 'the selected card and its popup').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(cardIn(a)).not.toHaveClass(/ProseMirror-selectednode/);

  // A click selects it (and does not follow the link).
  const before = page.url();
  await cardIn(a).click();
  await expect(cardIn(a)).toHaveClass(/ProseMirror-selectednode/);
  await expect(popup).toBeVisible();
  expect(page.url()).toBe(before);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `${SHOTS}/card-selected-en-390.png` });
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.keyboard.press('Delete');
  await expect(cardIn(a)).toHaveCount(0);
  await expect(cardIn(b)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(cardIn(a)).toHaveCount(1);
  await expect(cardIn(b)).toHaveCount(1);

  // Remove from the popup.
  await cardIn(a).click();
  await popup.getByRole('button', { name: 'Remove' }).click();
  await expect(cardIn(b)).toHaveCount(0);
  await close();
});

test('a pasted bare address offers "Embed as card"; Escape keeps the link; undo brings the link back', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Paste cards');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Before');
  await page.keyboard.press('Enter');
  await paste(page, `${siteUrl}/article`);
  const offer = page.getByRole('group', { name: 'Link pasted' });
  await expect(offer.getByRole('button', { name: 'Embed as card' })).toBeVisible();
  await expect(a.editor.content.locator(`a[href="${siteUrl}/article"]`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offer-en-1400.png` });
  expect(await seriousViolations(page), 'the paste offer').toEqual([]);

  // Escape: the offer goes, the link stays.
  await page.keyboard.press('Escape');
  await expect(offer).toBeHidden();
  await expect(a.editor.content.locator(`a[href="${siteUrl}/article"]`)).toBeVisible();

  await page.keyboard.press('Enter');
  await paste(page, `${siteUrl}/article`);
  await offer.getByRole('button', { name: 'Embed as card' }).click();
  await expect(cardIn(b).locator('.fr-embed-card-title')).toHaveText('Tandem field notes');
  await expect(a.editor.content.locator(`p a[href="${siteUrl}/article"]`)).toHaveCount(1);
  // One undo step: the card is the link again.
  await page.keyboard.press('Control+z');
  await expect(cardIn(a)).toHaveCount(0);
  await expect(a.editor.content.locator(`p a[href="${siteUrl}/article"]`)).toHaveCount(2);
  await close();
});

test('German at 390 px: from the "/" menu, German error and labels', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Karten');
  const page = editor.page;
  await page.setViewportSize({ width: 390, height: 800 });
  await editor.content.click();
  await page.keyboard.type('/Linkkarte');
  await page.getByRole('listbox').getByRole('option', { name: 'Linkkarte' }).click();
  const form = page.locator('.embed-form');
  await form.getByLabel('Webadresse').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Einfügen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Nur eine Webadresse (http oder https) kann eine Karte werden.');
  expect(await seriousViolations(page), 'the German card form with its error').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/form-de-390.png` });
  await form.getByLabel('Webadresse').fill(`${siteUrl}/article`);
  await form.getByRole('button', { name: 'Einfügen' }).click();
  await expect(editor.content.locator('.fr-embed-card-title')).toHaveText('Tandem field notes');
  await expect(page.getByRole('toolbar', { name: 'Karte' }).getByRole('link', { name: 'Link öffnen' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/card-de-390.png` });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${SHOTS}/card-de-1400.png` });
  await context.close();
});
