import { expect, test } from '@playwright/test';
import { createDocument, linkPath, newEditor } from './fixtures';

test('a blocked WebSocket upgrade explains itself instead of showing an empty editor', async ({ page, request }) => {
  const doc = await createDocument(request, 'Behind a proxy');
  // Like a proxy that drops the upgrade: the socket never opens.
  await page.routeWebSocket(/\/collab\//, (ws) => ws.close({ code: 1011 }));
  await page.goto(linkPath(doc.editorUrl));
  await expect(page.getByRole('alert')).toContainText('Cannot connect to the collaboration server');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.locator('.tiptap')).toHaveCount(0);
});

test('a document in the trash says so', async ({ page, request }) => {
  const doc = await createDocument(request, 'Old');
  const res = await request.delete(`/api/documents/${doc.id}`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
  });
  expect(res.ok()).toBe(true);
  await page.goto(linkPath(doc.editorUrl));
  await expect(page.getByRole('alert')).toContainText('The document is in the trash.');
  await expect(page.locator('.tiptap')).toHaveCount(0);
});

test('the boot script opens the one socket of the page, and the editor works through it', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Early socket');
  const a = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await a.editor.typeAtEnd('written before Bob came');
  await expect.poll(() => a.editor.xml()).toContain('written before Bob came');

  const b = await newEditor(browser);
  // Which script constructed each socket: the tiny boot script, before the app's code has even run.
  await b.editor.page.addInitScript(() => {
    const Native = window.WebSocket;
    const openedBy: string[] = [];
    Object.assign(window, { __socketsOpenedBy: openedBy });
    window.WebSocket = function (this: unknown, url: string | URL, protocols?: string | string[]) {
      openedBy.push(new Error().stack ?? '');
      return new Native(url, protocols);
    } as unknown as typeof WebSocket;
    Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  });
  let sockets = 0;
  b.editor.page.on('websocket', () => sockets++);
  await b.editor.open(doc.editorUrl, 'Bob');
  await expect(b.editor.content).toContainText('written before Bob came');
  await b.editor.waitConnected();
  await b.editor.typeAtEnd(' and Bob answered');
  await expect.poll(() => a.editor.xml()).toContain('and Bob answered');
  const openedBy = await b.editor.page.evaluate(
    () => (window as unknown as { __socketsOpenedBy: string[] }).__socketsOpenedBy,
  );
  expect(openedBy).toHaveLength(1);
  expect(openedBy[0]).toMatch(/\/assets\/boot-[\w-]+\.js/);
  expect(sockets).toBe(1);
  await a.context.close();
  await b.context.close();
});
