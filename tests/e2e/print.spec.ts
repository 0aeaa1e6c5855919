import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { fillRichDocument, RICH_HEADING, RICH_TEXT } from '../helpers/export-document';
import { twoAuthors } from './fixtures';

declare global {
  interface Window {
    /** How often window.print was called (stubbed: a real print dialog would block the test). */
    __printed?: number;
  }
}

test('Print prints the document only: title, content, table and picture, no controls or carets', async ({
  browser,
  request,
}) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'Print');
  const page = a.editor.page;
  await page.addInitScript(() => {
    window.print = () => {
      window.__printed = (window.__printed ?? 0) + 1;
    };
  });
  await page.reload();
  await a.editor.waitConnected();
  await fillRichDocument(page, request, doc, 'Printed report');
  // Bob's caret sits in the text, so Ada's page shows it.
  await b.editor.content.getByText('North').click();
  const carets = page.locator('.collaboration-carets__caret');
  await expect(carets.first()).toBeVisible();

  await page.getByRole('button', { name: 'Download and print' }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate(() => window.__printed ?? 0)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
  await expect(page.locator('.editor-status')).toBeHidden();
  await expect(page.locator('.app-bar')).toBeHidden();
  await expect(page.locator('.editor-meta')).toBeHidden();
  await expect(carets.first()).toBeHidden();
  await expect(page.locator('.collaboration-carets__label').first()).toBeHidden();
  await expect(page.getByLabel('Document title')).toBeVisible();
  await expect(page.getByLabel('Document title')).toHaveValue('Printed report');
  await expect(a.editor.content.getByRole('heading', { name: RICH_HEADING })).toBeVisible();
  await expect(a.editor.content.getByText(RICH_TEXT)).toBeVisible();
  await expect(a.editor.content.locator('table')).toBeVisible();
  await expect(a.editor.content.locator('img[alt="sales chart"]')).toBeVisible();
  // Headings stay with what follows; rows and pictures are not cut; the header row repeats on every page.
  const styles = await page.evaluate(() => {
    const style = (selector: string): CSSStyleDeclaration | null => {
      const el = document.querySelector(`.tiptap ${selector}`);
      return el ? getComputedStyle(el) : null;
    };
    return {
      heading: style('h1')?.breakAfter,
      row: style('tr')?.breakInside,
      image: style('img')?.breakInside,
      header: style('tr:first-child')?.display,
    };
  });
  expect(styles).toEqual({ heading: 'avoid', row: 'avoid', image: 'avoid', header: 'table-header-group' });

  // What the browser prints (Chromium renders the print media into a PDF): the document, nothing else.
  const pdf = await page.pdf({ format: 'A4' });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  const images = await parser.getImage({ imageThreshold: 0 });
  await parser.destroy();
  expect(text).toContain(RICH_HEADING);
  expect(text).toContain('North');
  expect(text).toContain('1200');
  expect(images.pages.reduce((n, p) => n + p.images.length, 0)).toBe(1);
  // No status bar counters, presence names, caret labels or language switch.
  expect(text).not.toMatch(/Words|Characters|Bob|Ada|English|Tandem/);

  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await close();
});
