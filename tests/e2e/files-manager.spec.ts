import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import { UploadLimits } from '@shared/limits';
import { makePdf, makePdfOfSize } from '../helpers/media-fixtures';
import { seedColour, solidPng } from '../helpers/png';
import { gotoGerman, twoAuthors } from './fixtures';

const modal = (page: Page) => page.getByRole('dialog', { name: 'Insert Files' });

async function serverFiles(request: APIRequestContext, doc: CreatedDocument, q = ''): Promise<string[]> {
  const res = await request.get(`/api/documents/${doc.id}/files${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { name: string }[]).map((f) => f.name).sort();
}

async function openFilesManager(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Insert Files' }).click();
  await expect(modal(page)).toBeVisible();
}

test.describe('files manager', () => {
  test.describe.configure({ timeout: 90_000 });

  test('uploads several files with a progress bar each, refuses oversize, searches, inserts 2 for both authors, deletes', async ({
    browser,
    request,
  }) => {
    const { doc, a, b, close } = await twoAuthors(browser, request, 'Files manager');
    const page = a.editor.page;
    await page.setViewportSize({ width: 1600, height: 900 });
    await a.editor.typeAtEnd('Files: ');
    await openFilesManager(page);
    await expect(modal(page).getByRole('button', { name: 'Insert', exact: true })).toBeDisabled();
    await expect(modal(page).getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();

    // Hold the uploads until the three progress bars have been seen (the requests themselves are real).
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/documents/${doc.id}/files`, async (route) => {
      if (route.request().method() === 'POST') await gate;
      await route.continue();
    });
    await modal(page)
      .getByLabel('Choose files to upload')
      .setInputFiles([
        { name: 'report.pdf', mimeType: 'application/pdf', buffer: makePdf('report') },
        { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: makePdf('minutes') },
        { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(40, 30, seedColour(7)) },
        {
          name: 'huge.pdf',
          mimeType: 'application/pdf',
          buffer: makePdfOfSize(UploadLimits.maxFileBytes + 1),
        },
      ]);
    await expect(modal(page).getByRole('progressbar')).toHaveCount(3);
    // The oversize file is refused before any request and cannot be checked.
    const huge = modal(page).locator('.fm-row', { hasText: 'huge.pdf' });
    await expect(huge.getByRole('alert')).toHaveText('File is too large (max 10 MB).');
    await expect(huge.getByRole('checkbox')).toBeDisabled();
    release();
    await expect(modal(page).getByRole('progressbar')).toHaveCount(0);
    await expect(modal(page).locator('.fm-row[data-status="done"]')).toHaveCount(3);
    expect(await serverFiles(request, doc)).toEqual(['minutes.pdf', 'photo.png', 'report.pdf']);
    await page.unroute(`**/api/documents/${doc.id}/files`);

    // The listed files, with size, type and uploader; search on the server.
    const library = modal(page).getByRole('region', { name: 'Files of this document' });
    await expect(library.locator('tbody tr')).toHaveCount(3);
    // The type column names the kind of file, not its MIME type.
    await expect(library.locator('tbody tr', { hasText: 'report.pdf' })).toContainText('PDF document');
    await expect(library.locator('tbody tr', { hasText: 'report.pdf' })).not.toContainText('application/pdf');
    await expect(library.locator('tbody tr', { hasText: 'photo.png' })).toContainText('Image');
    await expect(library.locator('tbody tr', { hasText: 'report.pdf' })).toContainText('Ada');
    await library.getByRole('searchbox', { name: 'Search files' }).fill('minu');
    await expect(library.locator('tbody tr')).toHaveCount(1);
    await expect(library.locator('tbody tr')).toContainText('minutes.pdf');
    await library.getByRole('searchbox', { name: 'Search files' }).fill('');
    await expect(library.locator('tbody tr')).toHaveCount(3);

    // Preview: an image shows itself; a PDF is shown by the browser's viewer from the inline variant.
    await library.getByRole('button', { name: 'photo.png' }).click();
    const preview = modal(page).getByRole('complementary', { name: 'Preview' });
    await expect(preview.locator('img[alt="photo.png"]')).toBeVisible();
    await library.getByRole('button', { name: 'report.pdf' }).click();
    await expect(preview).toContainText('report.pdf');
    await expect(preview.locator('.fm-preview-meta')).toContainText('PDF document');
    await expect(preview.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/uploads\//);
    const pdfFrame = preview.locator('iframe.fm-preview-pdf');
    await expect(pdfFrame).toHaveAttribute('src', /\/uploads\/[a-z0-9]+\.pdf\?inline=1$/);
    const pdfSrc = (await pdfFrame.getAttribute('src')) ?? '';
    const pdfResponse = await request.get(pdfSrc);
    expect(pdfResponse.headers()['content-disposition']).toMatch(/^inline/);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');

    // Uploaded rows start checked; keep exactly report.pdf and photo.png.
    const uploads = modal(page).getByRole('list', { name: 'New uploads' });
    await uploads.getByRole('checkbox', { name: 'Select minutes.pdf' }).uncheck();
    await expect(modal(page).getByRole('button', { name: 'Insert', exact: true })).toBeEnabled();
    await modal(page).getByRole('button', { name: 'Insert', exact: true }).click();
    await expect(modal(page)).toBeHidden();
    await expect(a.editor.content.locator('.file-node')).toHaveCount(1);
    await expect(a.editor.content.locator('.file-node')).toContainText('report.pdf');
    await expect(a.editor.content.locator('img[alt="photo.png"]')).toHaveCount(1);
    await expect.poll(async () => (await b.editor.xml()).match(/<file |<image /g)?.length ?? 0).toBe(2);
    await expect(b.editor.content.locator('.file-node')).toContainText('report.pdf');

    // Delete after confirmation: the row leaves the list and the server.
    await openFilesManager(page);
    await library.getByRole('checkbox', { name: 'Select minutes.pdf' }).check();
    await modal(page).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete files' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(library.locator('tbody tr', { hasText: 'minutes.pdf' })).toHaveCount(0);
    expect(await serverFiles(request, doc)).toEqual(['photo.png', 'report.pdf']);

    // Escape closes; the document still has exactly the two inserted items.
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await expect.poll(async () => (await a.editor.xml()).match(/<file |<image /g)?.length ?? 0).toBe(2);
    await close();
  });

  test('names the type of an uploaded file in German, readable at 390 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoGerman(page, request, 'Dateien');
    // On a phone the button waits behind "Mehr Einfügen".
    await page.getByRole('button', { name: 'Mehr Einfügen' }).click();
    await page.getByRole('button', { name: 'Dateien einfügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dateien einfügen' });
    await dialog
      .getByLabel('Dateien zum Hochladen auswählen')
      .setInputFiles([{ name: 'bericht.pdf', mimeType: 'application/pdf', buffer: makePdf('bericht') }]);
    const row = dialog.getByRole('region', { name: 'Dateien dieses Dokuments' }).locator('tbody tr', {
      hasText: 'bericht.pdf',
    });
    await expect(row).toContainText('PDF-Dokument');
    await expect(row).not.toContainText('application/pdf');
    // The name and the type are on screen (the preview goes under the list on a phone).
    for (const cell of [row.getByRole('button', { name: 'bericht.pdf' }), row.getByText('PDF-Dokument')]) {
      await expect(cell).toBeInViewport();
      const box = await cell.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });

  test('shows a failing list as a translated message', async ({ browser, request }) => {
    const { doc, a, close } = await twoAuthors(browser, request, 'Files manager errors');
    const page = a.editor.page;
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.route(`**/api/documents/${doc.id}/files?*`, (route) => route.fulfill({ status: 500, body: '{}' }));
    await openFilesManager(page);
    await expect(modal(page).getByRole('alert')).toHaveText('Error during file loading.');
    await close();
  });
});
