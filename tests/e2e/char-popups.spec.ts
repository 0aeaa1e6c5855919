import { expect, test, type Locator, type Page } from '@playwright/test';
import { createDocument, linkPath, pinFonts, boxOf } from './fixtures';

const t = {
  en: {
    emoticons: 'Emoticons',
    special: 'Special Characters',
    grinning: 'Grinning face',
    aGrave: /^Latin capital letter a with grave$/i,
    more: 'More Insert',
  },
  de: {
    emoticons: 'Emoticons',
    special: 'Sonderzeichen',
    grinning: 'Grinsendes Gesicht',
    aGrave: 'Großbuchstabe A mit Gravis',
    more: 'Mehr Einfügen',
  },
} as const;

async function open(page: Page, url: string, lang: 'en' | 'de', width: number): Promise<void> {
  await page.setViewportSize({ width, height: 844 });
  await page.addInitScript((l) => {
    localStorage.setItem('tandem.language', l);
    localStorage.setItem('tandem.identity', JSON.stringify({ name: 'Ada', color: '#1864ab' }));
  }, lang);
  await page.goto(linkPath(url));
  await expect(page.locator('.tiptap')).toBeVisible();
  await page.locator('.tiptap').click();
}

async function toolbarButton(page: Page, name: string, lang: 'en' | 'de'): Promise<Locator> {
  const toolbar = page.locator('.toolbar');
  const button = toolbar.getByRole('button', { name, exact: true });
  if ((await button.count()) === 0) await toolbar.getByRole('button', { name: t[lang].more, exact: true }).click();
  return button;
}

async function expectInsideViewport(page: Page, popup: Locator): Promise<void> {
  const box = await popup.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no popup box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // The popup is as wide as its grid (plus padding), not as wide as its tabs would like.
  const grid = await boxOf(popup.locator('.char-grid').first());
  expect(box.width - grid.width).toBeLessThan(24);
}

/** The fonts Chromium used for a node's text (DevTools protocol), to prove no glyph fell back to a box. */
async function platformFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((f) => f.familyName);
}

for (const lang of ['en', 'de'] as const) {
  for (const width of [1400, 390]) {
    test(`[${lang}] ${width} px: the emoji picker fits the viewport, names emoji in the UI language and draws them with an emoji font`, async ({
      page,
      request,
    }) => {
      const doc = await createDocument(request, 'Emoji');
      await open(page, doc.editorUrl, lang, width);
      await (await toolbarButton(page, t[lang].emoticons, lang)).click();
      const popup = page.getByRole('dialog', { name: t[lang].emoticons });
      const grinning = popup.getByRole('button', { name: t[lang].grinning, exact: true });
      await expect(grinning).toBeVisible();
      await expect(grinning).toHaveText('😀');
      await expectInsideViewport(page, popup);
      // 🤣 is not in DejaVu (Debian's default fonts draw a box for it): the bundled Noto Emoji draws it.
      const rofl = '.char-grid-cell[data-char="🤣"]';
      await expect(popup.locator(rofl)).toBeVisible();
      // Wait for the subset file holding it (the browser fetches it when the character first shows).
      await page.evaluate(() => document.fonts.load('20px "Noto Emoji"', '🤣').then(() => undefined));
      await expect.poll(() => platformFonts(page, rofl), { timeout: 10_000 }).toEqual(['Noto Emoji']);
      if (width === 390) {
        await pinFonts(page);
        await expect(popup).toHaveScreenshot(`emoji-390-${lang}.png`, {
          animations: 'disabled',
          maxDiffPixelRatio: 0.02,
        });
      }
    });

    test(`[${lang}] ${width} px: the special-character picker fits the viewport and names characters in the UI language`, async ({
      page,
      request,
    }) => {
      const doc = await createDocument(request, 'Special');
      await open(page, doc.editorUrl, lang, width);
      await (await toolbarButton(page, t[lang].special, lang)).click();
      const popup = page.getByRole('dialog', { name: t[lang].special });
      await expect(popup.getByRole('button', { name: t[lang].aGrave })).toHaveText('À');
      await expectInsideViewport(page, popup);
      if (lang === 'de') await expect(popup.getByRole('button', { name: 'Euro', exact: true })).toHaveCount(0); // other tab
    });
  }
}
