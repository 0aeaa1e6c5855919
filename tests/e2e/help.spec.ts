import { expect, test } from '@playwright/test';
import { createDocument, gotoGerman, linkPath } from './fixtures';

test('Ctrl+/ opens the shortcuts dialog, Escape closes it and the caret comes back', async ({ page, request }) => {
  const doc = await createDocument(request, 'Help');
  await page.goto(linkPath(doc.editorUrl));
  await page.locator('.tiptap').click();
  await page.keyboard.insertText('before');
  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^Bold\b/ })).toContainText('Ctrl+B');
  await expect(dialog.getByRole('row', { name: /^Redo\b/ })).toContainText('Ctrl+Shift+Z');
  await expect(dialog.getByRole('row', { name: /^Redo\b/ })).toContainText('Ctrl+Y');
  for (const label of ['Copy', 'Cut', 'Paste', 'Select All', 'Undo', 'Focus the toolbar', 'Fullscreen']) {
    await expect(dialog.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('table', { name: 'Common actions' })).toBeVisible();
  // Keys that are themselves '-' or '=' (ProseMirror's `Mod--`, `Mod-=`) keep their key.
  await expect(dialog.getByRole('row', { name: /^Make the selected image larger\b/ }).locator('kbd')).toHaveText(
    'Ctrl+=',
  );
  await expect(dialog.getByRole('row', { name: /^Make the selected image smaller\b/ }).locator('kbd')).toHaveText(
    'Ctrl+-',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.tiptap')).toBeFocused();
  await page.keyboard.insertText(' after');
  await expect(page.locator('.tiptap p').first()).toHaveText('before after');
});

test('the Help button opens the dialog and focus returns to it; Alt+F10 reaches the toolbar', async ({
  page,
  request,
}) => {
  const doc = await createDocument(request, 'Help button');
  await page.goto(linkPath(doc.editorUrl));
  const help = page.getByRole('button', { name: 'Help' });
  await expect(help).toHaveAttribute('title', 'Help (Ctrl+/)');
  await help.click();
  const dialog = page.getByRole('dialog', { name: 'Shortcuts' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();

  await page.locator('.tiptap').click();
  await page.keyboard.press('Alt+F10');
  const focused = page.locator('[role="toolbar"] button:focus');
  await expect(focused).toHaveAttribute('tabindex', '0');
});

test('the dialog is translated into German', async ({ page, request }) => {
  await gotoGerman(page, request, 'Hilfe');
  await page.getByRole('button', { name: 'Hilfe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tastaturkurzbefehle' });
  await expect(dialog.getByRole('row', { name: /^Fett\b/ })).toContainText('Strg+B');
  await expect(dialog.getByRole('row', { name: /^Ausgewähltes Bild vergrößern\b/ }).locator('kbd')).toHaveText(
    'Strg+=',
  );
  await expect(dialog.getByRole('row', { name: /^Ausgewähltes Bild verkleinern\b/ }).locator('kbd')).toHaveText(
    'Strg+-',
  );
});
