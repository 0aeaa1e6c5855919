import { expect, test, type Locator, type Page } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

/**
 * Text a button may show instead of an icon: letters, digits and the punctuation Debian's default fonts
 * (DejaVu) draw. Emoji, pictographs and arrows/dingbats that fall back to an emoji font are not allowed.
 */
const DRAWABLE_TEXT = /^[\p{Script=Latin}\p{N}\s.,:;()+\-–…%/']*$/u;

interface ButtonReport {
  name: string;
  hasSvg: boolean;
  text: string;
}

async function reportButtons(scope: Locator): Promise<ButtonReport[]> {
  return scope.locator('button, [role="option"]').evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent ?? '',
        hasSvg: el.querySelector('svg') !== null,
        text: (el.textContent ?? '').trim(),
      })),
  );
}

function expectDrawable(buttons: ButtonReport[]): void {
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    expect(button.name.trim(), 'every button keeps its accessible name').not.toBe('');
    expect(button.hasSvg || button.text.length > 0, `${button.name}: an SVG or a text label`).toBe(true);
    expect(button.text, `${button.name}: only characters Debian's fonts draw`).toMatch(DRAWABLE_TEXT);
  }
}

async function open(page: Page, url: string, lang: 'en' | 'de', width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
  await page.goto(linkPath(url));
  await expect(page.locator('.tiptap')).toBeVisible();
}

const names = {
  en: { toolbar: 'Formatting', more: ['More Text', 'More Paragraph', 'More Insert', 'More Tools'] },
  de: { toolbar: 'Formatierung', more: ['Mehr Text', 'Mehr Absatz', 'Mehr Einfügen', 'Mehr Werkzeuge'] },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`[${lang}] the desktop toolbar draws SVG icons, no emoji or missing glyphs, and the insert buttons differ`, async ({
    page,
    request,
  }) => {
    const doc = await createDocument(request, 'Icons');
    await open(page, doc.editorUrl, lang, 1400);
    const toolbar = page.getByRole('toolbar', { name: names[lang].toolbar });
    await expect(toolbar).toHaveAttribute('data-breakpoint', 'desktop');
    expectDrawable(await reportButtons(toolbar));
    // Every icon has the same size.
    const sizes = await toolbar
      .locator('.icon > svg')
      .evaluateAll((svgs) => svgs.map((s) => `${s.getAttribute('width')}x${s.getAttribute('height')}`));
    expect(new Set(sizes)).toEqual(new Set(['18x18']));
    // The insert group's buttons each look different.
    const insert = toolbar.getByRole('group', { name: lang === 'en' ? 'Insert' : 'Einfügen' });
    const drawings = await insert
      .locator('button')
      .evaluateAll((els) => els.map((el) => el.querySelector('svg')?.innerHTML ?? ''));
    expect(drawings.length).toBeGreaterThanOrEqual(7);
    expect(new Set(drawings).size).toBe(drawings.length);

    // The quick-insert `/` menu too.
    await page.locator('.tiptap').click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox');
    await expect(menu).toBeVisible();
    const options = await reportButtons(menu);
    expectDrawable(options);
    expect(options.every((o) => o.hasSvg)).toBe(true);
  });

  test(`[${lang}] on a phone the four More toggles have distinct icons, their group names, and draw only SVGs`, async ({
    page,
    request,
  }) => {
    const doc = await createDocument(request, 'Icons phone');
    await open(page, doc.editorUrl, lang, 390);
    const toolbar = page.getByRole('toolbar', { name: names[lang].toolbar });
    await expect(toolbar).toHaveAttribute('data-breakpoint', 'phone');
    const drawings: string[] = [];
    for (const name of names[lang].more) {
      const more = toolbar.getByRole('button', { name, exact: true });
      await expect(more).toHaveAttribute('title', name);
      drawings.push(
        await more
          .locator('svg')
          .first()
          .evaluate((svg) => svg.innerHTML),
      );
      await more.click();
      const overflow = toolbar.getByRole('group', { name, exact: true });
      await expect(overflow).toBeVisible();
      expectDrawable(await reportButtons(overflow));
      await more.click();
      await expect(overflow).toHaveCount(0);
    }
    expect(new Set(drawings).size).toBe(4);
    expectDrawable(await reportButtons(toolbar));
  });
}
