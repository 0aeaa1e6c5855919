import fs from 'node:fs';
import { test, type Page } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';
const useGerman = (page: Page) => page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));

const word = fs.readFileSync('/work/shared/fixtures/paste/word2016-images-file-urls-vml.html', 'utf8');
async function paste(page: Page, html: string): Promise<void> {
  await page.evaluate((h) => {
    const data = new DataTransfer();
    data.setData('text/html', h);
    document.querySelector('.tiptap')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}
for (const lang of ['en', 'de'] as const) {
  for (const width of [1400, 390]) {
    test(`shots ${lang} ${width}`, async ({ browser, request }) => {
      const doc = await createDocument(request, 'Shots');
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      if (lang === 'de') await useGerman(page);
      await page.goto(linkPath(doc.editorUrl));
      const content = page.locator('.tiptap');
      await content.click();
      await page.keyboard.insertText('Intro');
      await page.keyboard.press('Enter');
      const insert = page.locator('[data-item="insertTable"]');
      if (await insert.isVisible()) await insert.click();
      else {
        await page.locator('[data-item="more-insert"]').click();
        await insert.click();
      }
      await page.locator('[data-size="3x4"]').hover();
      await page.screenshot({ path: `/tmp/shots/grid-${lang}-${width}.png` });
      await page.locator('[data-size="3x4"]').click();
      await page.keyboard.insertText('Cell');
      await page.keyboard.press('Shift+ArrowRight');
      await page.screenshot({ path: `/tmp/shots/toolbar-${lang}-${width}.png` });
      await page.locator('[data-item="tableCellBackground"]').click();
      await page.screenshot({ path: `/tmp/shots/bg-${lang}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.locator('[data-item="tableRows"]').click();
      await page.screenshot({ path: `/tmp/shots/rows-${lang}-${width}.png` });
      await page.keyboard.press('Escape');
      await paste(page, '<p>x</p>');
      await page.screenshot({ path: `/tmp/shots/alert-${lang}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+End');
      await paste(page, word);
      await page.screenshot({ path: `/tmp/shots/word-${lang}-${width}.png` });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots/notice-${lang}-${width}.png` });
      await context.close();
    });
  }
}
