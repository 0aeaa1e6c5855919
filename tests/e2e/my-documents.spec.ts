import { expect, test, type Page } from '@playwright/test';
import { createDocument, EditorPage, linkPath } from './fixtures';

/** The "My documents" link shown on the home page, once the list is kept on the server. */
async function listLinkOf(page: Page, label = 'My documents link'): Promise<string> {
  const field = page.getByRole('textbox', { name: label });
  await expect(field).toHaveValue(/\/l\/[A-Za-z0-9_-]+#token=v1\./);
  return field.inputValue();
}

/** Waits until every document of the page's list is on the server (no "not yet" badge left). */
async function synced(page: Page, badge = 'Not on the server list yet'): Promise<void> {
  await expect(page.getByText(badge)).toHaveCount(0);
}

const rowOf = (page: Page, title: string) => page.locator('li.doc-row').filter({ hasText: title });

test('keeps the list on the server only when asked, and shows it in another browser', async ({ browser, request }) => {
  const zebra = await createDocument(request, 'Zebra plan');
  const apple = await createDocument(request, 'Apple notes');
  const a = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const pageA = await a.newPage();
  const listRequests: string[] = [];
  pageA.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/lists')) listRequests.push(`${r.method()} ${r.url()}`);
  });
  const editor = new EditorPage(pageA);
  await editor.open(apple.viewerUrl, 'Ada');
  await editor.open(zebra.editorUrl, 'Ada');

  // Without the link, the home page is the browser's own list and nothing of it goes to /api/lists.
  await pageA.getByRole('link', { name: 'Tandem' }).click();
  await expect(pageA.getByRole('heading', { name: 'Opened in this browser' })).toBeVisible();
  await expect(pageA.getByRole('link', { name: 'Open Zebra plan' })).toBeVisible();
  expect(listRequests).toEqual([]);

  await pageA.getByRole('button', { name: 'Keep my list on the server' }).click();
  await expect(pageA.getByRole('heading', { name: 'My documents', exact: true })).toBeVisible();
  const link = await listLinkOf(pageA);
  await synced(pageA);
  await pageA.getByRole('button', { name: 'Copy my documents link' }).click();
  await expect(pageA.getByRole('status').filter({ hasText: 'Link copied to the clipboard.' })).toBeVisible();
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A fresh browser opens the link: the same documents, with their titles from the server.
  const b = await browser.newContext();
  const pageB = await b.newPage();
  await pageB.goto(linkPath(link));
  await expect(pageB.getByText('This browser now shows your “My documents” list.')).toBeVisible();
  await expect(pageB).toHaveURL(/\/$/);
  await expect(pageB.getByRole('link', { name: 'Open Zebra plan' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Open Apple notes' })).toBeVisible();
  await expect(rowOf(pageB, 'Apple notes').getByText('View only')).toBeVisible();
  expect(await listLinkOf(pageB)).toBe(link);

  // Who is in it now, and the last change: Ada writes in Zebra plan.
  const ada = new EditorPage(await a.newPage());
  await ada.open(zebra.editorUrl, 'Ada Lovelace');
  await ada.waitConnected();
  await ada.content.click();
  await ada.page.keyboard.insertText('a change');
  await expect.poll(() => ada.xml()).toContain('a change');
  await expect(async () => {
    await pageB.reload();
    await expect(rowOf(pageB, 'Zebra plan').getByText('In it now: Ada Lovelace')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(rowOf(pageB, 'Zebra plan').getByText(/^Changed /)).toBeVisible();

  // Sort: last change first (Zebra was just changed), or by title; search by title.
  const titles = () => pageB.locator('li.doc-row .doc-row-main a').allInnerTexts();
  await expect.poll(titles).toEqual(['Zebra plan', 'Apple notes']);
  await pageB.getByLabel('Sort by').selectOption('title');
  await expect.poll(titles).toEqual(['Apple notes', 'Zebra plan']);
  await pageB.getByRole('searchbox', { name: 'Search documents' }).fill('ZEB');
  await expect.poll(titles).toEqual(['Zebra plan']);
  await pageB.getByRole('searchbox', { name: 'Search documents' }).fill('nothing like it');
  await expect(pageB.getByText('No document title contains “nothing like it”.')).toBeVisible();
  await pageB.getByRole('searchbox', { name: 'Search documents' }).fill('');

  // Trash and restore, for the editor link only.
  await expect(rowOf(pageB, 'Apple notes').getByRole('button', { name: /trash/ })).toHaveCount(0);
  await pageB.getByRole('button', { name: 'Move Zebra plan to the trash' }).click();
  await expect(rowOf(pageB, 'Zebra plan').getByText('In the trash')).toBeVisible();
  const trashed = await request.get(`/api/documents/${zebra.id}`, {
    headers: { authorization: `Bearer ${zebra.editorToken}` },
  });
  expect(trashed.status()).toBe(410);
  await pageB.getByRole('button', { name: 'Restore Zebra plan from the trash' }).click();
  await expect(rowOf(pageB, 'Zebra plan').getByText('In the trash')).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Move Zebra plan to the trash' })).toBeVisible();

  // Remove from the list, take it back with Undo (focus goes to Undo, as the row's button is gone), remove again.
  await pageB.getByRole('button', { name: 'Remove Apple notes from the list' }).click();
  await expect(pageB.getByRole('link', { name: 'Open Apple notes' })).toHaveCount(0);
  await expect(pageB.getByRole('status').filter({ hasText: '“Apple notes” was removed from the list.' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Undo' })).toBeFocused();
  await pageB.keyboard.press('Enter');
  await expect(pageB.getByRole('link', { name: 'Open Apple notes' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await synced(pageB);
  await pageB.reload();
  await expect(pageB.getByRole('link', { name: 'Open Apple notes' })).toBeVisible();
  // Gone in both browsers.
  await pageB.getByRole('button', { name: 'Remove Apple notes from the list' }).click();
  await expect(pageB.getByRole('link', { name: 'Open Apple notes' })).toHaveCount(0);
  await expect(async () => {
    await pageA.reload();
    await expect(pageA.getByRole('link', { name: 'Open Zebra plan' })).toBeVisible({ timeout: 1_000 });
    await expect(pageA.getByRole('link', { name: 'Open Apple notes' })).toHaveCount(0, { timeout: 1_000 });
  }).toPass();

  // A document opened later joins the list; offline, the last copy stays on the page.
  const later = await createDocument(request, 'Opened later');
  await new EditorPage(pageB).open(later.editorUrl, 'Bob');
  await pageB.getByRole('link', { name: 'Tandem' }).click();
  await expect(pageB.getByRole('link', { name: 'Open Opened later' })).toBeVisible();
  await synced(pageB);
  await b.setOffline(true);
  await pageB.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pageB.getByText('Offline: this is the list as this browser last saw it.')).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Open Zebra plan' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Open Opened later' })).toBeVisible();

  await a.close();
  await b.close();
});

test('a list link that is not valid changes nothing and says so; a stored one the server refuses is dropped', async ({
  page,
}) => {
  await page.goto('/l/AAAAAAAAAAAAAAAAAAAAAA#token=v1.AAAAAAAAAAAAAAAAAAAAAA.l.forged');
  await expect(page.getByRole('alert')).toHaveText(/This "My documents" link is not valid\./);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Keep my list on the server' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tandem.myDocuments'))).toBeNull();

  // A stored link the server refuses (a new secret) is dropped: the browser's own list comes back.
  await page.evaluate(() =>
    localStorage.setItem('tandem.myDocuments', JSON.stringify({ id: 'BBBBBBBBBBBBBBBBBBBBBB', token: 'v1.x.l.y' })),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(/This "My documents" link is not valid\./);
  await expect(page.getByRole('heading', { name: 'Opened in this browser' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tandem.myDocuments'))).toBeNull();
});

test('German at 390 px: every label translated, nothing wider than the screen', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Ein sehr langer Dokumenttitel, der umbrechen muss');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await new EditorPage(page).open(doc.editorUrl, 'Ada');
  await page.getByRole('link', { name: 'Tandem' }).click();
  await expect(page.getByRole('heading', { name: 'In diesem Browser geöffnet' })).toBeVisible();
  await page.getByRole('button', { name: 'Meine Liste auf dem Server speichern' }).click();
  await listLinkOf(page, 'Link zu „Meine Dokumente“');
  await expect(page.getByRole('heading', { name: 'Meine Dokumente', exact: true })).toBeVisible();
  await synced(page, 'Noch nicht in der Liste auf dem Server');
  const row = rowOf(page, 'Ein sehr langer');
  await expect(row.getByRole('button', { name: /in den Papierkorb verschieben$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /aus der Liste entfernen$/ })).toBeVisible();
  await expect(row.getByText(/^Geändert /)).toBeVisible();
  await expect(page.getByLabel('Sortieren nach')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Dokumente durchsuchen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link zu „Meine Dokumente“ kopieren' })).toContainText('Kopieren');

  await row.getByRole('button', { name: /aus der Liste entfernen$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'wurde aus der Liste entfernt.' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-removed-de-390.png') });
  await page.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(rowOf(page, 'Ein sehr langer')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const box of await page.locator('.home button, .home input, .home select, .doc-row a').all()) {
    const b = await box.boundingBox();
    expect(b, await box.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBeNull();
    if (b) expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await context.close();
});

test('opening another list link asks first: keep the current list, or show the opened one', async ({
  browser,
  request,
}) => {
  const ours = await createDocument(request, 'Our own notes');
  const theirs = await createDocument(request, 'Their plan');
  /** A fresh browser that opened `doc` and keeps its list on the server; returns the page and the list link. */
  const withList = async (doc: { editorUrl: string }) => {
    const page = await (await browser.newContext()).newPage();
    await new EditorPage(page).open(doc.editorUrl, 'Ada');
    await page.getByRole('link', { name: 'Tandem' }).click();
    await page.getByRole('button', { name: 'Keep my list on the server' }).click();
    const link = await listLinkOf(page);
    await synced(page);
    return { page, link };
  };
  const other = await withList(theirs);
  const { page, link } = await withList(ours);

  await page.goto(linkPath(other.link));
  const ask = page.getByRole('alertdialog', { name: 'Open another “My documents” list?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Show the opened list' })).toBeFocused();
  // Nothing changed yet: the current list and its link.
  await expect(page.getByRole('link', { name: 'Open Our own notes' })).toBeVisible();
  expect(await listLinkOf(page)).toBe(link);

  await ask.getByRole('button', { name: 'Keep my current list' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Open Our own notes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Their plan' })).toHaveCount(0);
  expect(await listLinkOf(page)).toBe(link);

  await page.goto(linkPath(other.link));
  await page.getByRole('button', { name: 'Show the opened list' }).click();
  await expect(page.getByText('This browser now shows your “My documents” list.')).toBeVisible();
  expect(await listLinkOf(page)).toBe(other.link);
  await expect(page.getByRole('link', { name: 'Open Their plan' })).toBeVisible();
  // What this browser had opened joins the list it now shows.
  await expect(page.getByRole('link', { name: 'Open Our own notes' })).toBeVisible();
  await page.context().close();
  await other.page.context().close();
});
