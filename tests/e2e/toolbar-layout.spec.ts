import { expect, test } from '@playwright/test';
import { createDocument, linkPath, newEditor, twoAuthors, pinFonts } from './fixtures';

test('the toolbar shows everything on desktop and moves the rest behind "More" on a phone', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Toolbar layout');
  const { context, editor } = await newEditor(browser);
  const { page } = editor;
  await editor.open(doc.editorUrl, 'Ada');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toHaveAttribute('data-breakpoint', 'desktop');
  await expect(toolbar.getByRole('button', { name: 'More Text' })).toHaveCount(0);

  await page.setViewportSize({ width: 700, height: 800 });
  await expect(toolbar).toHaveAttribute('data-breakpoint', 'tablet');
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(toolbar).toHaveAttribute('data-breakpoint', 'phone');
  const more = toolbar.getByRole('button', { name: 'More Text' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const overflow = toolbar.getByRole('group', { name: 'More Text' });
  await expect(overflow).toBeVisible();
  const hidden = overflow.getByRole('button');
  expect(await hidden.count()).toBeGreaterThan(0);

  // The overflow row is part of the roving tab order: End reaches its last control.
  await more.focus();
  await page.keyboard.press('End');
  await expect(hidden.last()).toBeFocused();
  await more.click();
  await expect(overflow).toHaveCount(0);
  await context.close();
});

test('a mouse selection shows the floating toolbar, which formats for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Floating toolbar');
  await a.editor.typeAtEnd('floating words');
  const page = a.editor.page;
  const floating = page.getByRole('toolbar', { name: 'Selection formatting' });
  await expect(floating).toBeHidden();
  // Near the left edge: on the word "floating", not the empty end of the line.
  await a.editor.content.getByText('floating words').dblclick({ position: { x: 12, y: 8 } });
  await expect(floating).toBeVisible();
  await floating.getByRole('button', { name: 'Italic' }).click();
  await expect.poll(() => b.editor.xml()).toMatch(/<italic>(floating|words)<\/italic>/);
  await expect(floating.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  // Typing hides it again.
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect(floating).toBeHidden();
  await close();
});

for (const lang of ['en', 'de'] as const) {
  test(`[${lang}] at 1400 px the whole toolbar fits in two rows`, async ({ browser, request }) => {
    const doc = await createDocument(request, 'Two rows');
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript((l) => {
      localStorage.setItem('tandem.language', l);
      localStorage.setItem('tandem.identity', JSON.stringify({ name: 'Ada', color: '#1864ab' }));
    }, lang);
    await page.goto(linkPath(doc.editorUrl));
    const toolbar = page.getByRole('toolbar', { name: lang === 'en' ? 'Formatting' : 'Formatierung' });
    await expect(toolbar).toHaveAttribute('data-breakpoint', 'desktop');
    const tops = await toolbar
      .locator('.toolbar-button')
      .evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]);
    expect(tops.length).toBeLessThanOrEqual(2);
    // Nothing is hidden behind a More toggle at this width.
    await expect(toolbar.locator('.toolbar-more')).toHaveCount(0);
    await page.locator('.tiptap').click();
    await pinFonts(page);
    await expect(toolbar).toHaveScreenshot(`toolbar-1400-${lang}.png`, {
      animations: 'disabled',
      maxDiffPixelRatio: 0.02,
    });
    await context.close();
  });
}
