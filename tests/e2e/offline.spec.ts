import { expect, test, type Page } from '@playwright/test';
import { linkPath, twoAuthors } from './fixtures';

const xmlOf = (page: Page) => () =>
  page.evaluate(() => window.__tandem?.ydoc.getXmlFragment('default').toString() ?? '');

test('offline edits survive a reload and merge when the connection returns', async ({ browser, request }) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'Offline');
  await a.editor.waitConnected();
  await a.editor.typeAtEnd('online-text ');
  await expect.poll(() => b.editor.xml()).toContain('online-text');

  const page = a.editor.page;
  await a.context.setOffline(true);
  await expect(page.locator('[data-status="offline"]')).toBeVisible();
  await a.editor.typeAtEnd('offline-text ');
  await expect(page.getByTestId('unsynced')).toBeVisible();
  await b.editor.typeAtEnd('bob-meanwhile ');

  // Reopen (a reload) while the collaboration server stays unreachable: the edits come back from IndexedDB.
  await page.waitForTimeout(300);
  await page.close();
  const reopened = await a.context.newPage();
  await reopened.routeWebSocket(/\/collab\//, (ws) => ws.close());
  await reopened.route('**/api/**', (route) => route.abort());
  await a.context.setOffline(false);
  await reopened.goto(linkPath(doc.editorUrl));
  await expect.poll(xmlOf(reopened)).toContain('offline-text');
  await expect(reopened.getByRole('alert')).toContainText('Cannot connect');
  await expect(reopened.getByTestId('unsynced')).toBeVisible();
  expect(await b.editor.xml()).not.toContain('offline-text');
  await reopened.close();

  // Connection back: both sides merge.
  const online = await a.context.newPage();
  await online.goto(linkPath(doc.editorUrl));
  // The page first has to start its editor (slow on a loaded CI machine); the poll then waits for the sync.
  await online.waitForFunction(() => window.__tandem?.ydoc !== undefined);
  await expect.poll(xmlOf(online), { timeout: 15_000 }).toContain('bob-meanwhile');
  await expect.poll(xmlOf(online)).toContain('offline-text');
  await expect.poll(() => b.editor.xml()).toContain('offline-text');
  await expect(online.getByTestId('unsynced')).toHaveCount(0);
  await close();
});
