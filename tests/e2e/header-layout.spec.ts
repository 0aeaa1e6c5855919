import { expect, test, type Page } from '@playwright/test';
import { connectClient, type Client } from '../helpers/collab-client';
import { PRESENCE_COLORS } from '../../client/src/lib/palette';
import { createDocument, linkPath, pinFonts } from './fixtures';

/** Extra people in the document: real y-websocket clients with names and colours, like browsers. */
function crowd(baseURL: string, docId: string, token: string, count: number): Client[] {
  const collabUrl = `${baseURL.replace(/^http/, 'ws')}/collab`;
  return Array.from({ length: count }, (_, i) => {
    const client = connectClient(collabUrl, docId, token);
    client.provider.awareness.setLocalStateField('user', {
      name: `Person ${String.fromCharCode(65 + i)}`,
      color: PRESENCE_COLORS[(i + 1) % PRESENCE_COLORS.length],
    });
    return client;
  });
}

/** Boxes of the header's parts must stay inside the editor column and must not overlap each other. */
async function checkHeader(page: Page): Promise<void> {
  const column = await page.locator('.editor-shell').boundingBox();
  const parts = page.locator(
    '.editor-header .title-input, .editor-header .avatar, .name-field, .share-button, .connection',
  );
  const boxes = await parts.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { cls: el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  if (!column) throw new Error('no editor column');
  const inset = 8; // the column's own padding is 16 px; the content starts there
  for (const box of boxes) {
    expect(box.left, box.cls).toBeGreaterThanOrEqual(column.x + inset);
    expect(box.right, box.cls).toBeLessThanOrEqual(column.x + column.width - inset);
  }
  // Non-avatar parts never overlap anything (avatars overlap each other by design).
  const solid = boxes.filter((b) => !b.cls.includes('avatar'));
  for (const [i, a] of boxes.entries()) {
    for (const b of solid) {
      if (a === b || (a.cls.includes('avatar') && b.cls.includes('avatar'))) continue;
      const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      expect(overlap, `${a.cls} #${i} overlaps ${b.cls}`).toBe(false);
    }
  }
}

for (const lang of ['en', 'de'] as const) {
  for (const width of [1400, 800, 390, 320]) {
    test(`[${lang}] the header wraps inside the column at ${width} px with seven people present`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const doc = await createDocument(request, 'Quarterly report');
      const others = crowd(baseURL ?? '', doc.id, doc.editorToken, 6);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript((l) => {
        localStorage.setItem('tandem.language', l);
        localStorage.setItem('tandem.identity', JSON.stringify({ name: 'Guest 231', color: '#1864ab' }));
      }, lang);
      await page.goto(linkPath(doc.editorUrl));
      await expect(page.locator('.presence')).toHaveAttribute('data-count', '7');
      await expect(page.locator('.connection-connected')).toBeVisible();
      await checkHeader(page);
      if (width === 800) {
        await pinFonts(page);
        await expect(page.locator('.editor-header')).toHaveScreenshot(`header-800-${lang}.png`, {
          animations: 'disabled',
          maxDiffPixelRatio: 0.02,
        });
      }
      for (const other of others) other.destroy();
      await context.close();
    });
  }
}
