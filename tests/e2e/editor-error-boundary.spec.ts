import { expect, test } from '@playwright/test';
import { createDocument, newEditor, openGerman } from './fixtures';

test('the error boundary shows its message when the editor throws, and Reload brings the editor back', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Breaks once');
  const author = await newEditor(browser);
  const page = author.editor.page;
  await author.editor.open(doc.editorUrl, 'Ada');
  await author.editor.typeAtEnd('kept on the server');
  await expect.poll(() => author.editor.xml()).toContain('kept on the server');

  await page.evaluate(() => window.__tandem?.crashEditor?.());
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This document could not be shown.');
  await expect(author.editor.content).toHaveCount(0);
  // Still the app's frame: the bar with the app's name and the language switch.
  await expect(page.locator('.app-bar')).toBeVisible();
  await expect.poll(() => author.editor.consoleProblems.join('\n')).toContain('the editor failed to render');

  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(author.editor.content).toContainText('kept on the server');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await author.context.close();
});

test('German message and button', async ({ browser, request }) => {
  const author = await openGerman(browser, request, 'Bricht');
  await author.editor.page.evaluate(() => window.__tandem?.crashEditor?.());
  const alert = author.editor.page.getByRole('alert');
  await expect(alert).toContainText('Dieses Dokument konnte nicht angezeigt werden.');
  await expect(alert.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  await author.context.close();
});
