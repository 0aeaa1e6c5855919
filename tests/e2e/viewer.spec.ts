import { expect, test } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

test('a viewer link shows the document read-only and cannot change it', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Read me');
  const author = await newEditor(browser);
  await author.editor.open(doc.editorUrl, 'Author');
  await author.editor.typeAtEnd('written by the author');

  const reader = await newEditor(browser);
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await expect.poll(() => reader.editor.xml()).toContain('written by the author');
  await expect(reader.editor.page.getByText('View only')).toBeVisible();
  await expect(reader.editor.page.getByRole('toolbar')).toHaveCount(0);
  await expect(reader.editor.content).toHaveAttribute('contenteditable', 'false');
  await expect(reader.editor.page.getByLabel('Document title')).toHaveAttribute('readonly', '');

  await reader.editor.content.click();
  await reader.editor.page.keyboard.type('intruder');
  await expect.poll(() => reader.editor.xml()).not.toContain('intruder');
  await author.editor.typeAtEnd(' more');
  await expect.poll(() => reader.editor.xml()).toContain('more');
  expect(await author.editor.xml()).not.toContain('intruder');
  await reader.editor.waitConnected();
  await author.context.close();
  await reader.context.close();
});

test('a link without token and a bad token explain themselves', async ({ page, request }) => {
  const doc = await createDocument(request);
  await page.goto(`/d/${doc.id}`);
  await expect(page.getByRole('alert')).toContainText('no access token');
  await page.goto(`/d/${doc.id}#token=nonsense`);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('access key in this link is not valid');
});

test('a viewer alone on a brand-new document stays connected and changes nothing', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Empty');
  const reader = await newEditor(browser);
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await reader.editor.waitConnected();
  await reader.editor.content.click();
  await reader.editor.page.keyboard.press('Enter');
  await reader.editor.page.waitForTimeout(1_000);
  await expect(reader.editor.page.locator('[data-status="connected"]')).toBeVisible();
  await expect(reader.editor.page.getByRole('alert')).toHaveCount(0);
  expect(await reader.editor.xml()).toBe('<paragraph></paragraph>');
  await reader.context.close();
});

for (const [lang, s] of [
  ['en', { menu: 'Download and print', print: 'Print', md: 'Markdown', text: 'Plain text', importItem: 'Import…' }],
  [
    'de',
    {
      menu: 'Herunterladen und drucken',
      print: 'Drucken',
      md: 'Markdown',
      text: 'Reiner Text',
      importItem: 'Importieren …',
    },
  ],
] as const)
  for (const width of [1400, 390])
    test(`[${lang}, ${width} px] a viewer downloads and prints what it may read, from the status bar`, async ({
      browser,
      request,
    }) => {
      const doc = await createDocument(request, 'Readable');
      const author = await newEditor(browser);
      await author.editor.open(doc.editorUrl, 'Author');
      await author.editor.typeAtEnd('text for the reader');

      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript((l) => {
        localStorage.setItem('tandem.language', l);
        // A real print dialog would block the test: count the calls instead.
        window.print = () => {
          (window as unknown as { printed: number }).printed =
            ((window as unknown as { printed?: number }).printed ?? 0) + 1;
        };
      }, lang);
      await page.goto(new URL(doc.viewerUrl).pathname + new URL(doc.viewerUrl).hash);
      await expect(page.locator('.tiptap')).toContainText('text for the reader');
      const menuButton = page.locator('.editor-status').getByRole('button', { name: s.menu });
      await expect(menuButton).toBeVisible();
      await menuButton.click();
      await expect(page.getByRole('menuitem', { name: s.print })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: s.text, exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: s.importItem })).toHaveCount(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: s.md, exact: true }).click(),
      ]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      expect(await readFile(path, 'utf8')).toContain('text for the reader');

      await menuButton.click();
      await page.getByRole('menuitem', { name: s.print }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
      await context.close();
      await author.context.close();
    });
