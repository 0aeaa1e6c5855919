import { expect, test, type Page } from '@playwright/test';
import { createDocument, linkPath, pinFonts } from './fixtures';

async function open(page: Page, url: string, lang: 'en' | 'de', width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript((l) => {
    localStorage.setItem('tandem.language', l);
    localStorage.setItem('tandem.identity', JSON.stringify({ name: 'Ada', color: '#1864ab' }));
  }, lang);
  await page.goto(linkPath(url));
  await expect(page.locator('.tiptap')).toBeVisible();
}

const names = {
  en: {
    help: 'Help',
    title: 'Shortcuts',
    textColor: 'Text Color',
    bold: 'Bold',
    italic: 'Italic',
    link: 'Insert Link',
  },
  de: {
    help: 'Hilfe',
    title: 'Tastaturkurzbefehle',
    textColor: 'Textfarbe',
    bold: 'Fett',
    italic: 'Kursiv',
    link: 'Link einfügen',
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  const s = names[lang];

  test(`[${lang}] the help dialog's two columns flow independently, one column on a phone`, async ({
    page,
    request,
  }) => {
    const doc = await createDocument(request, 'Help');
    await open(page, doc.editorUrl, lang, 1400);
    await page.locator('.tiptap').click();
    await page.keyboard.press('Control+/');
    const dialog = page.getByRole('dialog', { name: s.title });
    await expect(dialog).toBeVisible();
    const tables = dialog.locator('table');
    const boxes = await tables.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const lefts = [...new Set(boxes.map((b) => Math.round(b.left)))];
    expect(lefts).toHaveLength(2);
    // In each column every table starts right under the one above it: no blank gap beside a longer table.
    for (const left of lefts) {
      const column = boxes.filter((b) => Math.round(b.left) === left).sort((a, b) => a.top - b.top);
      for (let i = 1; i < column.length; i++) {
        const above = column[i - 1];
        const below = column[i];
        if (!above || !below) continue;
        expect(below.top - above.bottom).toBeLessThan(16);
      }
    }
    await pinFonts(page);
    await expect(dialog).toHaveScreenshot(`help-1400-${lang}.png`, { animations: 'disabled', maxDiffPixelRatio: 0.02 });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.tiptap').click();
    await page.keyboard.press('Control+/');
    await expect(dialog).toBeVisible();
    const phoneLefts = await tables.evaluateAll((els) => [
      ...new Set(els.map((el) => Math.round(el.getBoundingClientRect().left))),
    ]);
    expect(phoneLefts).toHaveLength(1);
  });

  test(`[${lang}] formatting buttons keep their normal look while a popup is open`, async ({ page, request }) => {
    const doc = await createDocument(request, 'Popup open');
    await open(page, doc.editorUrl, lang, 1400);
    await page.locator('.tiptap').click();
    await page.keyboard.insertText('Some text');
    await page.keyboard.press('Control+A');
    const toolbar = page.locator('.toolbar');
    const look = () =>
      toolbar.getByRole('button', { name: s.bold, exact: true }).evaluate((el: HTMLButtonElement) => ({
        disabled: el.disabled,
        opacity: getComputedStyle(el).opacity,
        color: getComputedStyle(el).color,
      }));
    const before = await look();
    for (const popup of [s.textColor, s.link]) {
      await toolbar.getByRole('button', { name: popup, exact: true }).click();
      await expect(page.getByRole('dialog', { name: popup })).toBeVisible();
      expect(await look()).toEqual(before);
      await expect(toolbar.getByRole('button', { name: s.italic, exact: true })).toBeEnabled();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: popup })).toHaveCount(0);
    }
    expect(before).toEqual({ disabled: false, opacity: '1', color: 'rgb(31, 35, 40)' });
  });
}
