import { expect, test } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

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
