import { expect, test } from '@playwright/test';
import { createDocument, newEditor, twoAuthors, boxOf } from './fixtures';

test('two authors type at the same time and see each other’s text and named caret', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Pair writing');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await Promise.all([a.editor.open(doc.editorUrl, 'Ada'), b.editor.open(doc.editorUrl, 'Bob')]);
  await Promise.all([a.editor.waitConnected(), b.editor.waitConnected()]);

  await Promise.all([a.editor.typeAtEnd('alpha-from-ada '), b.editor.typeAtEnd('beta-from-bob ')]);

  for (const side of [a, b]) {
    await expect.poll(() => side.editor.xml(), { timeout: 2_000 }).toContain('alpha-from-ada');
    await expect.poll(() => side.editor.xml(), { timeout: 2_000 }).toContain('beta-from-bob');
  }
  await expect(a.editor.page.locator('.collaboration-carets__label', { hasText: 'Bob' })).toBeVisible({
    timeout: 2_000,
  });
  await expect(b.editor.page.locator('.collaboration-carets__label', { hasText: 'Ada' })).toBeVisible({
    timeout: 2_000,
  });
  await expect(a.editor.page.getByRole('list', { name: 'People in this document' }).getByRole('listitem')).toHaveCount(
    2,
  );

  for (const side of [a, b]) expect(side.editor.consoleProblems.join('\n')).not.toContain('Yjs was already imported');

  // A reload shows the persisted content.
  await a.editor.page.reload();
  await expect.poll(() => a.editor.xml()).toContain('alpha-from-ada');
  await expect.poll(() => a.editor.xml()).toContain('beta-from-bob');
  await a.context.close();
  await b.context.close();
});

test('the title is shared live and stored', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Before');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl);
  await b.editor.open(doc.editorUrl);
  const titleA = a.editor.page.getByLabel('Document title');
  await expect(titleA).toHaveValue('Before');
  await titleA.fill('After');
  await expect(b.editor.page.getByLabel('Document title')).toHaveValue('After');
  await expect
    .poll(async () => {
      const res = await request.get(`/api/documents/${doc.id}`, {
        headers: { authorization: `Bearer ${doc.viewerToken}` },
      });
      return ((await res.json()) as { title: string }).title;
    })
    .toBe('After');
  await a.context.close();
  await b.context.close();
});

test('a changed display name reaches the other author', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request);
  await a.editor.typeAtEnd('x');
  const name = a.editor.page.getByLabel('Your name');
  await name.fill('Ada Lovelace');
  await name.press('Enter');
  await a.editor.typeAtEnd('y');
  await expect(b.editor.page.locator('.collaboration-carets__label', { hasText: 'Ada Lovelace' })).toBeVisible();
  await close();
});

test('a remote caret shows its name when it arrives, then fades it (the line above stays readable); hovering shows it again', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Caret labels');
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await Promise.all([a.editor.open(doc.editorUrl, 'Ada'), b.editor.open(doc.editorUrl, 'Bob')]);
  await Promise.all([a.editor.waitConnected(), b.editor.waitConnected()]);
  await a.editor.typeAtEnd('First line of Ada');
  await a.editor.page.keyboard.press('Enter');
  await a.editor.page.keyboard.type('Second line');
  await expect.poll(() => b.editor.xml()).toContain('Second line');
  await b.editor.content.click();

  const label = a.editor.page.locator('.collaboration-carets__label', { hasText: 'Bob' });
  const opacity = () => label.evaluate((el) => getComputedStyle(el).opacity);
  await expect(label).toBeVisible();
  await expect.poll(opacity, { timeout: 10_000 }).toBe('1');
  await expect.poll(opacity, { timeout: 10_000 }).toBe('0');
  const caret = a.editor.page.locator('.collaboration-carets__caret', { has: label });
  const box = await boxOf(caret);
  await a.editor.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(opacity).toBe('1');
  await a.context.close();
  await b.context.close();
});
