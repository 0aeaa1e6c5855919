import { expect, test, type Page } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

const SNAPSHOTS = /\/api\/documents\/[^/]+\/snapshots$/;

/**
 * The status bar's visible items (save status, counters, Version History's button) never touch: any two
 * on the same line are at least 8 px apart, and none overlaps another.
 */
async function expectSeparated(page: Page, state: string): Promise<void> {
  const boxes = await page.locator('.editor-status').evaluate((bar) =>
    // The bar's items in flow (a panel it holds floats over the page), and the save status's two parts.
    [...bar.children]
      .flatMap((el) => (el.classList.contains('save-status') ? [...el.children] : [el]))
      .filter((el) => !['fixed', 'absolute'].includes(getComputedStyle(el).position))
      .map((el) => ({ text: el.textContent ?? '', rect: el.getBoundingClientRect().toJSON() as DOMRect }))
      .filter(({ text, rect }) => text.trim() !== '' && rect.width > 1),
  );
  expect(boxes.length, `${state}: something shows`).toBeGreaterThan(0);
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const sameLine = a.rect.top < b.rect.bottom - 2 && b.rect.top < a.rect.bottom - 2;
      if (!sameLine) continue;
      const gap = Math.max(b.rect.left - a.rect.right, a.rect.left - b.rect.right);
      expect(gap, `${state}: "${a.text}" and "${b.text}" are apart`).toBeGreaterThanOrEqual(8);
    }
}

for (const lang of ['en', 'de'] as const)
  for (const width of [1400, 390])
    test(`[${lang}, ${width} px] the status bar keeps its items apart in every state`, async ({ browser, request }) => {
      const doc = await createDocument(request, 'Status bar');
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // Installed before the page loads (not between two saves), so no save can slip past it: it fails saves
      // only once told to, and counts the ones it failed.
      let failSaves = false;
      let failed = 0;
      await page.route(SNAPSHOTS, (route) => {
        if (!failSaves || route.request().method() !== 'POST') return route.fallback();
        failed += 1;
        return route.fulfill({ status: 500, body: 'down' });
      });
      await page.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
      await page.goto(linkPath(doc.editorUrl));
      await expect(page.locator('[data-status="connected"]')).toBeVisible();
      await page.locator('.tiptap').click();
      await page.keyboard.type('Hello status bar');
      await expectSeparated(page, 'counters');

      await page.keyboard.press('Control+s');
      await expect(page.locator('.save-status')).toHaveAttribute('data-save-state', 'saved');
      await expectSeparated(page, 'saved');

      // A real failure: Save error 2 beside "Not saved (retrying)" and the counters.
      failSaves = true;
      await page.keyboard.press('Control+s');
      await expect.poll(() => failed, 'the save asked for reached the network').toBeGreaterThan(0);
      await expect(page.locator('.save-error')).toBeVisible();
      await expectSeparated(page, 'save error');
      failSaves = false;

      await context.setOffline(true);
      await expect(page.locator('.save-status')).toHaveAttribute('data-save-state', 'offline');
      await expectSeparated(page, 'offline');
      await context.setOffline(false);

      await page
        .getByRole('button', { name: lang === 'en' ? 'Version History' : 'Versionsverlauf' })
        .first()
        .click();
      await expect(page.locator('.version-panel, [data-panel="versionHistory"]').first()).toBeVisible();
      await expectSeparated(page, 'Version History open');
      await context.close();
    });
