import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { gotoGerman, twoAuthors } from './fixtures';

const exported = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.exportHtml?.() ?? '');

test('the export writes entities, the view is unchanged, both authors export the same, the HTML download', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Entities');
  const page = a.editor.page;
  await a.editor.typeAtEnd('"é" © → & <b>');

  const expected = '<p>&quot;&eacute;&quot; &copy; &rarr; &amp; &lt;b&gt;</p>';
  await expect.poll(() => exported(page)).toContain(expected);
  await expect.poll(() => exported(b.editor.page)).toContain(expected);
  // The editor itself keeps showing the characters.
  await expect(a.editor.content).toContainText('"é" © → & <b>');
  await expect(b.editor.content).toContainText('"é" © → & <b>');

  await page.getByLabel('Document title').fill('Café / Notes');
  await page.getByRole('button', { name: 'Download and print' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'HTML', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Café _ Notes.html');
  const file = await readFile(await download.path(), 'utf8');
  expect(file).toMatch(/^<!DOCTYPE html>/);
  expect(file).toContain('<meta charset="utf-8">');
  expect(file).toContain('<title>Caf&eacute; / Notes</title>');
  expect(file).toContain(`<body>\n${expected}`);

  // The exported HTML parses back into the same document.
  const roundTrip = await page.evaluate(async () => {
    const t = window.__tandem;
    if (!t?.exportHtml) return false;
    const before = JSON.stringify(t.editor.getJSON());
    const html = await t.exportHtml();
    t.editor.commands.setContent(html);
    return JSON.stringify(t.editor.getJSON()) === before;
  });
  expect(roundTrip).toBe(true);

  await b.editor.page.reload();
  await expect(b.editor.content).toContainText('"é" © → & <b>');
  await expect.poll(() => exported(b.editor.page)).toContain(expected);
  await close();
});

test('German label', async ({ page, request }) => {
  await gotoGerman(page, request, 'Export');
  await page.getByRole('button', { name: 'Herunterladen und drucken' }).click();
  await expect(page.getByRole('menu', { name: 'Herunterladen und drucken' })).toContainText('Herunterladen als');
  await expect(page.getByRole('menuitem', { name: 'HTML', exact: true })).toBeVisible();
});
