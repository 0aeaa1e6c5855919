import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { VersionListItem } from '@shared/api/versions';
import { newEditor, twoAuthors, type EditorPage } from './fixtures';

const WIDE = { width: 1400, height: 900 };

/** Records a version of the document as it is on the server now (the editor token may write). */
async function recordVersion(
  request: APIRequestContext,
  doc: CreatedDocument,
  name?: string,
): Promise<VersionListItem> {
  const res = await request.post(`/api/documents/${doc.id}/versions`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    data: name ? { name } : {},
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as VersionListItem;
}

/** The editor's document holds exactly `text` in its one paragraph, as every author sees it. */
async function showsOnly(editor: EditorPage, text: string): Promise<void> {
  await expect.poll(() => editor.xml()).toBe(`<paragraph>${text}</paragraph>`);
}

const titleOf = (editor: EditorPage): Promise<unknown> =>
  editor.page.evaluate(() => window.__tandem?.ydoc.getMap('meta').get('title'));

const panel = (page: Page) => page.locator('aside.version-panel');
const row = (page: Page, id: string) => panel(page).locator(`li.version-row[data-version="${id}"]`);

test('two authors: list, preview, compare, restore, undo of the restore, naming', async ({ browser, request }) => {
  const { doc, a, b, close } = await twoAuthors(browser, request, 'History');
  await a.editor.page.setViewportSize(WIDE);
  await a.editor.waitConnected();
  await b.editor.waitConnected();

  await a.editor.typeFresh('The quick fox');
  await showsOnly(b.editor, 'The quick fox');
  const first = await recordVersion(request, doc, 'First draft');
  await a.editor.typeFresh('The slow fox');
  await showsOnly(b.editor, 'The slow fox');
  await a.editor.page.getByLabel('Document title').fill('Renamed');
  await expect.poll(() => titleOf(b.editor)).toBe('Renamed');
  const second = await recordVersion(request, doc);

  // Open: the panel's code arrives then; the focus moves into it, and it lists the versions newest first.
  const page = a.editor.page;
  const panelChunkLoaded = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => /\/assets\/version-history\.panel-/.test(e.name)),
    );
  expect(await panelChunkLoaded()).toBe(false);
  await a.editor.content.click();
  await page.getByRole('button', { name: 'Version History' }).first().click();
  await expect(panel(page)).toBeVisible();
  expect(await panelChunkLoaded()).toBe(true);
  await expect(panel(page)).toBeFocused();
  await expect(row(page, second.id)).toBeVisible();
  await expect(row(page, first.id)).toContainText('First draft');
  const ids = await panel(page)
    .locator('li.version-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-version')));
  expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

  // Preview, read-only.
  await row(page, first.id).getByRole('button', { name: 'Preview' }).click();
  const preview = panel(page).getByTestId('version-preview');
  await expect(preview).toHaveText('The quick fox');
  await expect(preview.locator('[contenteditable]')).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Back to the list' }).click();

  // Compare with the current document: what was deleted since and what was inserted.
  await row(page, first.id).getByRole('button', { name: 'Compare' }).click();
  const diff = panel(page).getByTestId('version-diff');
  await expect(diff.locator('del')).toHaveText('quick');
  await expect(diff.locator('ins')).toHaveText('slow');
  // …and with the other version.
  await panel(page).getByLabel('Compare with').selectOption(second.id);
  await expect(diff.locator('ins')).toHaveText('slow');
  await panel(page).getByRole('button', { name: 'Back to the list' }).click();

  // Restore, after a confirmation in the panel: both editors show the restored text.
  await row(page, first.id).getByRole('button', { name: 'Restore', exact: true }).click();
  await row(page, first.id).getByRole('button', { name: 'Restore this version' }).click();
  await showsOnly(a.editor, 'The quick fox');
  await showsOnly(b.editor, 'The quick fox');
  await expect(b.editor.content).toHaveText('The quick fox');
  await expect.poll(() => titleOf(b.editor)).toBe('History');
  await expect(panel(page).locator('.version-row .version-reason', { hasText: 'restored' }).first()).toBeVisible();

  // One Ctrl+Z in the restoring author's editor undoes the whole restore, for the other author too.
  await a.editor.content.click();
  await page.keyboard.press('Control+z');
  await showsOnly(a.editor, 'The slow fox');
  await showsOnly(b.editor, 'The slow fox');
  await expect(a.editor.content).toHaveText('The slow fox');
  await expect.poll(() => titleOf(b.editor)).toBe('Renamed');

  // Naming: an empty name is refused with a message; the current version gets a name; another is renamed.
  await panel(page).getByRole('button', { name: 'Name current version' }).click();
  const nameField = panel(page).getByLabel('Name of the version');
  await nameField.fill('   ');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('Enter a name (1 to 100 characters).');
  await nameField.fill('Submitted draft');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(panel(page).locator('.version-name', { hasText: 'Submitted draft' })).toBeVisible();
  await row(page, second.id).getByRole('button', { name: 'Name', exact: true }).click();
  await row(page, second.id).getByLabel('Name of the version').fill('Slow fox');
  await row(page, second.id).getByRole('button', { name: 'Save' }).click();
  await expect(row(page, second.id).locator('.version-name')).toHaveText('Slow fox');

  // Esc closes the panel and gives the focus back to where it was when the panel opened (the toolbar
  // keeps the text's focus on a click).
  await panel(page).focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(a.editor.content).toBeFocused();
  await close();
});

test("a viewer's panel: preview and compare, no restore and no naming", async ({ browser, request }) => {
  const { doc, a, close } = await twoAuthors(browser, request, 'Viewed history');
  await a.editor.waitConnected();
  await a.editor.typeFresh('Version 1');
  const viewer = await newEditor(browser);
  await viewer.editor.open(doc.viewerUrl, 'Vera');
  await showsOnly(viewer.editor, 'Version 1');
  const first = await recordVersion(request, doc, 'One');
  await a.editor.typeFresh('Version 2');
  await showsOnly(viewer.editor, 'Version 2');

  const page = viewer.editor.page;
  await page.getByRole('button', { name: 'Version History' }).click();
  await expect(panel(page)).toBeFocused();
  await expect(row(page, first.id)).toContainText('One');
  await expect(panel(page).getByText('only editors can restore or name them')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /Restore|Rename|^Name/ })).toHaveCount(0);

  await row(page, first.id).getByRole('button', { name: 'Preview' }).click();
  await expect(panel(page).getByTestId('version-preview')).toHaveText('Version 1');
  await panel(page).getByRole('button', { name: 'Back to the list' }).click();
  await row(page, first.id).getByRole('button', { name: 'Compare' }).click();
  await expect(panel(page).getByTestId('version-diff').locator('ins')).toHaveText('2');
  await expect(panel(page).getByTestId('version-diff').locator('del')).toHaveText('1');
  await expect(panel(page).getByRole('button', { name: /Restore/ })).toHaveCount(0);
  // Esc leaves the comparison for the list, then closes the panel and gives the focus back to its button.
  await panel(page).focus();
  await page.keyboard.press('Escape');
  await expect(row(page, first.id)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Version History' })).toBeFocused();
  await viewer.context.close();
  await close();
});

test('a save made while the panel is open shows up in its list at once', async ({ browser, request }) => {
  const { doc, a, close } = await twoAuthors(browser, request, 'Live history');
  await a.editor.page.setViewportSize(WIDE);
  await a.editor.waitConnected();
  await a.editor.typeFresh('Draft one');
  const first = await recordVersion(request, doc);
  const page = a.editor.page;
  await a.editor.content.click();
  await page.getByRole('button', { name: 'Version History' }).first().click();
  await expect(row(page, first.id)).toBeVisible();
  await expect(panel(page).locator('li.version-row')).toHaveCount(1);

  // Ctrl+S records a version on the server; the open list gets it without a click on Refresh.
  await a.editor.typeFresh('Draft two');
  await page.keyboard.press('Control+s');
  await expect(panel(page).locator('li.version-row')).toHaveCount(2);
  await expect(panel(page).locator('li.version-row').first()).not.toHaveAttribute('data-version', first.id);
  await close();
});
