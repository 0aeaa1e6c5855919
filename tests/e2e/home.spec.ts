import { expect, test } from '@playwright/test';

test('creates a document, lists it with its title, and opens it again', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Title of the new document').fill('Roadmap 2027');
  await page.getByRole('button', { name: 'New document' }).click();
  // The link stays in the address bar (a fragment), so the URL can be copied and shared.
  await expect(page).toHaveURL(/\/d\/[A-Za-z0-9_-]+#token=v1\.[A-Za-z0-9_-]+\.e\.[A-Za-z0-9_-]+$/);
  await expect(page.getByLabel('Document title')).toHaveValue('Roadmap 2027');
  await page.locator('.tiptap').click();
  await page.keyboard.insertText('first line');

  await page.getByRole('link', { name: 'Tandem' }).click();
  const entry = page.getByRole('link', { name: 'Open Roadmap 2027' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByLabel('Document title')).toHaveValue('Roadmap 2027');
  await expect
    .poll(() => page.evaluate(() => window.__tandem?.ydoc.getXmlFragment('default').toString() ?? ''))
    .toContain('first line');
});

test('lists a document moved to the trash as such', async ({ page, request }) => {
  await page.goto('/');
  await page.getByLabel('Title of the new document').fill('Soon gone');
  await page.getByRole('button', { name: 'New document' }).click();
  await expect(page.getByLabel('Document title')).toHaveValue('Soon gone');
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  const token = await page.evaluate(
    (docId) =>
      (JSON.parse(localStorage.getItem('tandem.recent') ?? '[]') as { id: string; token: string }[]).find(
        (d) => d.id === docId,
      )?.token ?? '',
    id,
  );
  const res = await request.delete(`/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  await page.getByRole('link', { name: 'Tandem' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Soon gone' });
  await expect(row.getByText('In the trash')).toBeVisible();
});

test('the home page opens with no focus ring: nothing is focused until the author moves the focus', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New document' })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Tab');
  // The keyboard's first stop is the app name, with its ring: focus rings are for keyboard focus.
  await expect(page.getByRole('link', { name: 'Tandem' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
});
