import { expect, test } from '@playwright/test';
import { createDocument, newEditor } from './fixtures';

test('a change the server refuses is offered for download, dropped from the offline copy, and a reload continues from the server', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Refused');
  const author = await newEditor(browser);
  const page = author.editor.page;
  await author.editor.open(doc.editorUrl, 'Ada');
  await author.editor.waitConnected();
  await author.editor.typeAtEnd('agreed text');
  await expect.poll(() => author.editor.xml()).toContain('agreed text');

  // Content no Tandem editor writes (as stale state from an older client's offline store would be).
  await page.evaluate(() => window.__tandem?.ydoc.getMap('legacy').set('x', 1));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The server refused a change from this browser');
  await expect(author.editor.content).toContainText('agreed text');
  await expect(author.editor.content).toHaveAttribute('contenteditable', 'false');

  const download = page.waitForEvent('download');
  await alert.getByRole('button', { name: 'Download my copy' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Refused.html');
  const saved = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toContain('agreed text');

  await alert.getByRole('button', { name: 'Reload' }).click();
  await author.editor.waitConnected();
  await expect(author.editor.content).toContainText('agreed text');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The refused state was not replayed from IndexedDB.
  expect(await page.evaluate(() => window.__tandem?.ydoc.share.has('legacy'))).toBe(false);
  await author.editor.typeAtEnd(' and more');
  await expect.poll(() => author.editor.xml()).toContain('and more');
  await author.context.close();
});
