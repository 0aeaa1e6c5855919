import { expect, test } from '@playwright/test';
import { makePdfOfSize } from '../helpers/media-fixtures';
import { linkPath, newEditor, twoAuthors } from './fixtures';

test('uploads a PDF from the popup: a file link with name and size for both authors, kept on reload, German size', async ({
  browser,
  request,
}) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'File upload');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  await a.editor.typeAtEnd('Attached: ');

  await page.getByRole('button', { name: 'Upload File' }).click();
  const popup = page.getByRole('dialog', { name: 'Upload File' });
  await expect(popup.getByRole('button', { name: /Drop file/ })).toBeVisible();
  await popup.getByLabel('Choose a file to upload').setInputFiles({
    name: 'quarterly report.pdf',
    mimeType: 'application/pdf',
    buffer: makePdfOfSize(1536),
  });

  const link = a.editor.content.locator('.file-node');
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('quarterly report.pdf');
  await expect(link).toContainText('(1.5 KB)');
  await expect(link.getByRole('img', { name: 'PDF document' })).toBeVisible();
  await expect(link.getByRole('link', { name: 'Open quarterly report.pdf in a new tab' })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  await expect(b.editor.content.locator('.file-node')).toContainText('quarterly report.pdf');
  await expect(b.editor.content.locator('.file-node')).toContainText('(1.5 KB)');
  expect(await a.editor.html()).toMatch(
    /<a href="http[^"]+\/uploads\/[^"]+" class="fr-file" data-size="1536" data-type="application\/pdf" data-id="[^"]+">quarterly report\.pdf<\/a>/,
  );

  // A click selects the file (no navigation); the document keeps it after a reload.
  await link.locator('.file-node-name').click();
  await expect(link).toHaveClass(/is-selected/);
  expect(page.url()).toContain(`/d/${doc.id}`);
  await b.editor.page.reload();
  await expect(b.editor.content.locator('.file-node')).toContainText('quarterly report.pdf');

  // German: decimal comma.
  const c = await newEditor(browser);
  await c.editor.page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await c.editor.page.goto(linkPath(doc.editorUrl));
  await expect(c.editor.content.locator('.file-node')).toContainText('(1,5 KB)');
  await c.context.close();
  await close();
});

test('refuses an oversize file in the popup before uploading', async ({ browser, request }) => {
  const { a, close } = await twoAuthors(browser, request, 'File too large');
  const page = a.editor.page;
  await page.setViewportSize({ width: 1600, height: 900 });
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/files')) posts += 1;
  });
  await page.getByRole('button', { name: 'Upload File' }).click();
  const popup = page.getByRole('dialog', { name: 'Upload File' });
  await popup
    .getByLabel('Choose a file to upload')
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: makePdfOfSize(10 * 1024 * 1024 + 1) });
  // Said where every upload error is, with the limit, and it stays until dismissed.
  const toast = page.locator('.upload-toast[data-code="FILE_TOO_LARGE"]');
  await expect(toast).toHaveText('File is too large (max 10 MB).');
  expect(posts).toBe(0);
  await page.keyboard.press('Escape');
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
  await close();
});
