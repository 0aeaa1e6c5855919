import { expect, test } from '@playwright/test';
import { openGerman, twoAuthors } from './fixtures';

test('Heading 2 and Normal reach the other author, the button shows the caret’s format, reload keeps it', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Formats');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('Title');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('body');
  await page.keyboard.press('Control+Home');

  const format = page.getByRole('button', { name: 'Paragraph Format', exact: true });
  const entry = (name: string) => page.getByRole('menuitemradio', { name });
  await expect(format).toContainText('Normal');
  await format.click();
  await expect(entry('Normal')).toHaveAttribute('aria-checked', 'true');
  await entry('Heading 2').click();
  await expect(a.editor.content.locator('h2')).toHaveText('Title');
  await expect(format).toContainText('Heading 2');
  await expect.poll(() => b.editor.xml()).toContain('<heading level="2">Title</heading><paragraph>body</paragraph>');

  // The button follows the caret.
  await a.editor.content.locator('p').first().click();
  await expect(format).toContainText('Normal');
  await a.editor.content.locator('h2').click();
  await expect(format).toContainText('Heading 2');
  await format.click();
  await expect(entry('Heading 2')).toHaveAttribute('aria-checked', 'true');
  await entry('Normal').click();
  await expect.poll(() => b.editor.xml()).toContain('<paragraph>Title</paragraph><paragraph>body</paragraph>');

  // Converting keeps the alignment; the shortcut Ctrl+Alt+1 makes a heading 1.
  await page.getByRole('button', { name: 'Align Center' }).click();
  await page.keyboard.press('Control+Alt+1');
  await expect(format).toContainText('Heading 1');
  await expect.poll(() => b.editor.xml()).toContain('<heading level="1" textAlign="center">Title</heading>');

  await b.editor.page.reload();
  await expect(b.editor.content.locator('h1')).toContainText('Title'); // plus Ada's caret label
  await expect(b.editor.content.locator('h1')).toHaveCSS('text-align', 'center');
  await close();
});

test('two adjacent lines become a single code block for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Code');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('let a = 1;');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('let b = 2;');
  await page.keyboard.press('Control+A');
  const format = page.getByRole('button', { name: 'Paragraph Format', exact: true });
  await format.click();
  await page.getByRole('menuitemradio', { name: 'Code' }).click();
  await expect(a.editor.content.locator('pre')).toHaveCount(1);
  await expect(a.editor.content.locator('pre')).toHaveText('let a = 1;\nlet b = 2;');
  await expect(format).toContainText('Code');
  await expect.poll(() => b.editor.xml()).toMatch(/<codeblock[^>]*>let a = 1;\nlet b = 2;<\/codeblock>/);
  await expect(b.editor.content.locator('pre')).toHaveCount(1);
  await close();
});

test('the format menu has German labels', async ({ browser, request }) => {
  const a = await openGerman(browser, request, 'Formatierung');
  const page = a.editor.page;
  await a.editor.content.click();
  await page.keyboard.insertText('Titel');
  const format = page.getByRole('button', { name: 'Formatierung', exact: true });
  await format.click();
  await page.getByRole('menuitemradio', { name: 'Überschrift 3' }).click();
  await expect(a.editor.content.locator('h3')).toHaveText('Titel');
  await expect(format).toContainText('Überschrift 3');
  await a.context.close();
});
