import { expect, test } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

test('the German UI shows German labels and the choice is remembered', async ({ page, request }) => {
  const doc = await createDocument(request, 'Sprachen');
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
  await expect(page.getByRole('button', { name: 'Neues Dokument' })).toBeVisible();
  await page.goto(linkPath(doc.editorUrl));
  await expect(page.getByRole('button', { name: 'Fett' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kursiv' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Formatierung', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rückgängig' })).toBeVisible();
  await expect(page.getByLabel('Dokumenttitel')).toBeVisible();
  await expect(page.getByText('Verbunden')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Fett' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption('en');
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
});
