import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../helpers/media-fixtures';
import { seedColour, solidPng } from '../helpers/png';
import { EditorPage, createDocument, linkPath } from './fixtures';

declare global {
  interface Window {
    /** Content-Security-Policy violations seen by the page (test hook). */
    __cspViolations?: string[];
  }
}

/** Collects CSP violations from the console (all frames) and from `securitypolicyviolation` events. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return seen;
}

test('the app page has a strict CSP without inline script, and using the editor violates none of it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const home = await request.get('/');
  const policy = home.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(home.headers()['referrer-policy']).toBe('no-referrer');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  // The built page loads its scripts from files only.
  const html = await home.text();
  expect(html).toMatch(/<script[^>]+src=/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);

  const violations = await watchCsp(page);
  // There is no internet: the video player's page is answered locally.
  await page.route('**/*youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  const doc = await createDocument(request, 'CSP');
  const editor = new EditorPage(page);
  const response = await page.goto(linkPath(doc.editorUrl));
  expect(response?.headers()['content-security-policy']).toBe(policy);
  await expect(editor.content).toBeVisible();
  await editor.waitConnected();

  // Inline styles written by ProseMirror (text alignment).
  await editor.typeAtEnd('centred');
  await page.getByRole('button', { name: 'Align Center' }).click();
  await expect(page.locator('.tiptap p[style*="text-align: center"]')).toHaveCount(1);

  // An uploaded picture (blob: preview, then our /uploads/ URL).
  await page.getByRole('button', { name: 'Insert Image' }).click();
  const imagePopup = page.getByRole('dialog', { name: 'Insert Image' });
  await imagePopup
    .getByLabel('Choose an image file')
    .setInputFiles({ name: 'pic.png', mimeType: 'image/png', buffer: solidPng(40, 30, seedColour(5)) });
  await expect(page.locator('.tiptap .tandem-image img[src*="/uploads/"]')).toHaveCount(1);
  await expect
    .poll(() => page.locator('.tiptap .tandem-image img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // A video embed (frame-src lists the video hosts).
  await page.keyboard.press('Control+End');
  await page.getByRole('button', { name: 'Insert Video' }).click();
  const videoDialog = page.getByRole('dialog', { name: 'Insert Video' });
  await videoDialog.getByLabel('Paste in a video URL').fill('https://youtu.be/dQw4w9WgXcQ');
  await videoDialog.getByRole('button', { name: 'Insert', exact: true }).click();
  const player = page.locator('.tiptap .tandem-video iframe');
  await expect(player).toHaveAttribute('src', /youtube-nocookie\.com/);
  await expect.poll(() => page.frames().some((f) => f.url().includes('youtube-nocookie.com'))).toBe(true);

  // The files manager's PDF preview frames our own /uploads/…?inline=1.
  await page.getByRole('button', { name: 'Insert Files' }).click();
  const files = page.getByRole('dialog', { name: 'Insert Files' });
  await files
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: makePdf('csp report') });
  await expect(files.locator('.fm-row[data-status="done"]')).toHaveCount(1);
  // A frame blocked by frame-src makes no request; the headless shell has no PDF viewer, so the loaded
  // document is seen as the frame's navigation response rather than as a frame with a PDF inside.
  const pdfLoaded = page.waitForResponse(
    (r) => /\/uploads\/[a-z0-9]+\.pdf\?inline=1$/.test(r.url()) && r.request().isNavigationRequest(),
  );
  await files
    .getByRole('region', { name: 'Files of this document' })
    .getByRole('button', { name: 'report.pdf' })
    .click();
  const pdfFrame = files.locator('iframe.fm-preview-pdf');
  await expect(pdfFrame).toHaveAttribute('src', /\/uploads\/[a-z0-9]+\.pdf\?inline=1$/);
  expect((await pdfLoaded).status()).toBe(200);

  expect(violations).toEqual([]);
  expect(await page.evaluate(() => window.__cspViolations ?? null)).toEqual([]);
});
