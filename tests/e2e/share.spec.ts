import { expect, test, type Browser } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

const strings = {
  en: {
    share: 'Share',
    title: 'Share this document',
    editorLink: 'Editor link',
    viewerLink: 'Viewer link',
    commenterLink: 'Commenter link',
    copyViewer: 'Copy viewer link',
    copyEditor: 'Copy editor link',
    copied: 'Link copied to the clipboard.',
    editorHelp: /can change the document/i,
    viewerHelp: /cannot change anything/i,
    viewOnly: 'View only',
    canEdit: 'Can edit',
    canView: 'Can view',
    canComment: 'Can comment',
  },
  de: {
    share: 'Teilen',
    title: 'Dieses Dokument teilen',
    editorLink: 'Bearbeitungslink',
    viewerLink: 'Leselink',
    commenterLink: 'Kommentarlink',
    copyViewer: 'Leselink kopieren',
    copyEditor: 'Bearbeitungslink kopieren',
    copied: 'Link in die Zwischenablage kopiert.',
    editorHelp: /kann das Dokument und seinen Titel ändern/i,
    viewerHelp: /aber nichts ändern/i,
    viewOnly: 'Nur lesen',
    canEdit: 'Kann bearbeiten',
    canView: 'Kann lesen',
    canComment: 'Kann kommentieren',
  },
} as const;

async function openAs(browser: Browser, url: string, lang: 'en' | 'de') {
  // A fresh browser: it never created the document, so only the server can tell it the viewer link.
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
  await page.goto(linkPath(url));
  await expect(page.locator('.tiptap')).toBeVisible();
  return { context, page };
}

for (const lang of ['en', 'de'] as const) {
  const s = strings[lang];

  test(`[${lang}] someone holding only the editor link shares all three links, and the viewer link opens read-only`, async ({
    browser,
    request,
  }) => {
    const doc = await createDocument(request, 'Shared plan');
    const { context, page } = await openAs(browser, doc.editorUrl, lang);
    const shareButton = page.getByRole('button', { name: s.share, exact: true });
    await shareButton.click();
    const dialog = page.getByRole('dialog', { name: s.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: s.editorLink })).toHaveValue(doc.editorUrl);
    await expect(dialog.getByRole('textbox', { name: s.commenterLink })).toHaveValue(doc.commenterUrl);
    await expect(dialog.getByRole('textbox', { name: s.viewerLink })).toHaveValue(doc.viewerUrl);
    await expect(dialog.getByText(s.editorHelp)).toBeVisible();
    await expect(dialog.getByText(s.viewerHelp)).toBeVisible();
    // Each row says its role first, then shows the end of its link (where the two links differ).
    for (const [kind, role, label] of [
      ['editor', s.canEdit, s.editorLink],
      ['commenter', s.canComment, s.commenterLink],
      ['viewer', s.canView, s.viewerLink],
    ] as const) {
      const chip = dialog.locator(`.share-link[data-kind="${kind}"] .share-link-role`);
      await expect(chip).toHaveText(role);
      const field = dialog.getByRole('textbox', { name: label });
      const [chipBox, fieldBox] = [await chip.boundingBox(), await field.boundingBox()];
      expect(chipBox && fieldBox && chipBox.x + chipBox.width <= fieldBox.x).toBe(true);
      const end = await field.evaluate((el: HTMLInputElement) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
      expect(end, `the ${kind} field shows the end of its link`).toBe(true);
    }

    await dialog.getByRole('button', { name: s.copyViewer }).click();
    await expect(dialog.getByText(s.copied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(doc.viewerUrl);

    await dialog.getByRole('button', { name: s.copyEditor }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(doc.editorUrl);

    // Escape closes and gives the focus back to the Share button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(shareButton).toBeFocused();

    const reader = await openAs(browser, copied, lang);
    await expect(reader.page.getByText(s.viewOnly, { exact: true })).toBeVisible();
    await expect(reader.page.locator('.tiptap')).toHaveAttribute('contenteditable', 'false');

    // The viewer's dialog offers only the viewer link.
    await reader.page.getByRole('button', { name: s.share, exact: true }).click();
    const readerDialog = reader.page.getByRole('dialog', { name: s.title });
    await expect(readerDialog.getByRole('textbox', { name: s.viewerLink })).toHaveValue(doc.viewerUrl);
    await expect(readerDialog.getByRole('textbox', { name: s.editorLink })).toHaveCount(0);
    await expect(readerDialog.getByRole('textbox', { name: s.commenterLink })).toHaveCount(0);
    await expect(readerDialog.getByRole('button', { name: s.copyEditor })).toHaveCount(0);
    await expect(readerDialog).not.toContainText(doc.editorToken);
    await reader.context.close();

    // A commenter cannot type into the text, and shares only the commenter and viewer links.
    const commenter = await openAs(browser, doc.commenterUrl, lang);
    await expect(commenter.page.locator('.tiptap')).toHaveAttribute('contenteditable', 'false');
    await commenter.page.getByRole('button', { name: s.share, exact: true }).click();
    const commenterDialog = commenter.page.getByRole('dialog', { name: s.title });
    await expect(commenterDialog.getByRole('textbox', { name: s.commenterLink })).toHaveValue(doc.commenterUrl);
    await expect(commenterDialog.getByRole('textbox', { name: s.viewerLink })).toHaveValue(doc.viewerUrl);
    await expect(commenterDialog.getByRole('textbox', { name: s.editorLink })).toHaveCount(0);
    await expect(commenterDialog).not.toContainText(doc.editorToken);
    await commenter.context.close();
    await context.close();
  });
}

test('without clipboard permission the link is selected for Ctrl+C and the dialog says so', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'No clipboard');
  const context = await browser.newContext();
  const page = await context.newPage();
  // Plain-http deployments have no clipboard API at all.
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await page.goto(linkPath(doc.editorUrl));
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this document' });
  await dialog.getByRole('button', { name: 'Copy viewer link' }).click();
  await expect(dialog.getByText(/press Ctrl\+C/)).toBeVisible();
  const viewerField = dialog.getByRole('textbox', { name: 'Viewer link' });
  await expect(viewerField).toBeFocused();
  const selected = await viewerField.evaluate((el: HTMLInputElement) =>
    el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
  );
  expect(selected).toBe(doc.viewerUrl);
  await context.close();
});

test('a share dialog whose code cannot be fetched says so; the next click tries again', async ({ page, request }) => {
  let block = true;
  // Also the retry's `?retry=N` address.
  await page.route(/\/assets\/share-dialog-content-[\w-]{8}\.js/, (route) =>
    block ? route.abort() : route.continue(),
  );
  const doc = await createDocument(request, 'Share offline code');
  await page.goto(linkPath(doc.editorUrl));
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await share.click();
  const alert = page.getByRole('alert').filter({ hasText: 'This part of the editor could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  block = false;
  await share.click();
  await expect(page.getByRole('dialog', { name: 'Share this document' })).toBeVisible();
});
