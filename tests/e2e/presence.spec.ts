import { expect, test, type Browser, type Page } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

/** Opens `url` in a fresh browser with a stored identity (same colour for everybody) and a language. */
async function join(browser: Browser, url: string, name: string, lang: 'en' | 'de'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(
    ([n, l]) => {
      localStorage.setItem('tandem.language', l);
      localStorage.setItem('tandem.identity', JSON.stringify({ name: n, color: '#1864ab' }));
    },
    [name, lang] as const,
  );
  await page.goto(linkPath(url));
  await expect(page.locator('.tiptap')).toBeVisible();
  return page;
}

const avatars = (page: Page) => page.getByRole('list', { name: /People in this document|Personen in diesem Dokument/ });

test('four people who all stored the same colour see four different colours, and the viewer carries an eye', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Presence');
  const ada = await join(browser, doc.editorUrl, 'Ada', 'en');
  const gast = await join(browser, doc.editorUrl, 'Guest 231', 'de');
  const guest = await join(browser, doc.editorUrl, 'Guest 232', 'en');
  const vera = await join(browser, doc.viewerUrl, 'Vera', 'en');
  const pages = [ada, gast, guest, vera];
  for (const page of pages) await expect(avatars(page).getByRole('listitem')).toHaveCount(4);
  for (const page of pages) {
    await expect
      .poll(
        async () =>
          new Set(
            await avatars(page)
              .getByRole('listitem')
              .evaluateAll((li) => li.map((e) => e.getAttribute('data-color'))),
          ).size,
      )
      .toBe(4);
  }
  // A default name reads in each viewer's language, with the guest number as its initials.
  await expect(avatars(ada).getByRole('listitem', { name: 'Guest 231' })).toHaveText('231');
  await expect(avatars(gast).getByRole('listitem', { name: 'Gast 231 (Sie)' })).toBeVisible();
  await expect(avatars(gast).getByRole('listitem', { name: 'Gast 232' })).toBeVisible();
  await expect(gast.getByRole('textbox', { name: 'Ihr Name' })).toHaveValue('Gast 231');
  // The viewer is marked as such for everybody, and sees itself marked.
  const veraAvatar = avatars(ada).getByRole('listitem', { name: 'Vera (viewer)' });
  await expect(veraAvatar).toHaveAttribute('data-viewer', 'true');
  await expect(veraAvatar.locator('.avatar-viewer svg')).toBeVisible();
  await expect(avatars(gast).getByRole('listitem', { name: 'Vera (nur lesend)' })).toBeVisible();
  await expect(avatars(vera).getByRole('listitem', { name: 'Vera (you) (viewer)' })).toBeVisible();
  // The name field's swatch shows the colour the others see.
  const shown = await avatars(ada).getByRole('listitem', { name: 'Ada (you)' }).getAttribute('data-color');
  const swatch = await ada.locator('.name-swatch').evaluate((el) => getComputedStyle(el).backgroundColor);
  const hex = shown ?? '';
  const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
  expect(swatch).toBe(rgb);
  // Keeping the translated default name unchanged keeps the stored default.
  await gast.getByRole('textbox', { name: 'Ihr Name' }).focus();
  await gast.keyboard.press('Enter');
  await expect(avatars(ada).getByRole('listitem', { name: 'Guest 231' })).toBeVisible();
  for (const page of pages) await page.context().close();
});

test('more people than fit collapse into "+N" with every name still announced', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Crowd');
  const pages: Page[] = [];
  for (const name of ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'])
    pages.push(await join(browser, doc.editorUrl, name, 'en'));
  const first = pages[0];
  if (!first) throw new Error('no page');
  await expect(avatars(first)).toHaveAttribute('data-count', '7');
  await expect(avatars(first).getByRole('listitem')).toHaveCount(6);
  const more = avatars(first).getByRole('listitem', { name: /^2 more: / });
  await expect(more).toHaveText('+2');
  const label = (await more.getAttribute('aria-label')) ?? '';
  const shownNames = await avatars(first)
    .getByRole('listitem')
    .evaluateAll((li) => li.map((e) => e.getAttribute('aria-label')));
  for (const name of ['Ada (you)', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus'])
    expect(shownNames.some((n) => n === name) || label.includes(name)).toBe(true);
  for (const page of pages) await page.context().close();
});

for (const lang of ['en', 'de'] as const)
  test(`[${lang}] one person in three tabs is one avatar with a count, for them and for the others`, async ({
    browser,
    request,
  }) => {
    const doc = await createDocument(request, 'Tabs');
    // One browser: its identity (with its person id) is shared by all its tabs, as localStorage is.
    const adaBrowser = await browser.newContext();
    await adaBrowser.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
    const tabs: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const tab = await adaBrowser.newPage();
      if (i === 0)
        await tab.addInitScript(() => {
          if (!localStorage.getItem('tandem.identity'))
            localStorage.setItem('tandem.identity', JSON.stringify({ name: 'Ada', color: '#1864ab' }));
        });
      await tab.goto(linkPath(doc.editorUrl));
      await expect(tab.locator('[data-status="connected"]')).toBeVisible();
      tabs.push(tab);
    }
    const bob = await join(browser, doc.editorUrl, 'Bob', lang);
    // Ada's own tabs say "(you)" / "(du)" after her name.
    const inTabs = lang === 'en' ? /^Ada.*, in 3 tabs$/ : /^Ada.*, in 3 Tabs$/;
    for (const page of [bob, tabs[0] as Page]) {
      await expect(avatars(page).getByRole('listitem')).toHaveCount(2);
      const ada = avatars(page).getByRole('listitem', { name: inTabs });
      await expect(ada).toBeVisible();
      await expect(ada.locator('.avatar-tabs')).toHaveText('3');
    }
    // The tabs share one colour: none of them moved away from it as if another person had it.
    const colors = await Promise.all(tabs.map((tab) => tab.locator('.name-swatch').getAttribute('style')));
    expect(new Set(colors).size).toBe(1);
    await tabs[2]?.close();
    await expect(
      avatars(bob).getByRole('listitem', { name: lang === 'en' ? /Ada, in 2 tabs/ : /Ada, in 2 Tabs/ }),
    ).toBeVisible();
    await adaBrowser.close();
    await bob.context().close();
  });

test('an author whose connection drops and comes back is present again with what changed meanwhile, and keeps working', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Presence back');
  const ada = await join(browser, doc.editorUrl, 'Ada', 'en');
  const bob = await join(browser, doc.editorUrl, 'Bob', 'en');
  await expect(avatars(bob).getByRole('listitem', { name: 'Ada' })).toBeVisible();
  // The network goes: the server may still hold Ada's old socket (no close reached it).
  await ada.context().setOffline(true);
  await expect(ada.locator('[data-status="offline"]')).toBeVisible();
  const name = ada.getByLabel('Your name');
  await name.fill('Ada Lovelace');
  await name.press('Enter');
  // Back: her presence, with the new name, reaches Bob well before the 15 s renewal (the server hands
  // her id from the silent old socket to the new one), and she is not refused.
  await ada.context().setOffline(false);
  await expect(avatars(bob).getByRole('listitem', { name: 'Ada Lovelace' })).toBeVisible({ timeout: 10_000 });
  await expect(avatars(bob).getByRole('listitem')).toHaveCount(2);
  await expect(ada.locator('[data-status="connected"]')).toBeVisible();
  await ada.locator('.tiptap').click();
  await ada.keyboard.type('back online');
  await expect(bob.locator('.tiptap')).toContainText('back online');
  await expect(ada.getByRole('alert')).toHaveCount(0);
  await ada.context().close();
  await bob.context().close();
});
