import { expect, test } from '@playwright/test';
import { createDocument, twoAuthors } from './fixtures';

const marks: Array<[string, string]> = [
  ['Bold', 'bold'],
  ['Italic', 'italic'],
  ['Underline', 'underline'],
  ['Strikethrough', 'strike'],
  ['Code', 'code'],
];
const blocks: Array<[string, string]> = [
  ['Unordered List', '<bulletlist>'],
  ['Ordered List', '<orderedlist'],
  ['Code Block', '<codeblock'],
];

test('each StarterKit control applies its format for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Formats');
  const page = a.editor.page;
  await a.editor.content.click();
  for (const [label, mark] of marks) {
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(`${mark}-text`);
    await page.keyboard.press('Control+A');
    const button = page.getByRole('button', { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => b.editor.xml()).toContain(`<${mark}>${mark}-text</${mark}>`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
  }
  const format = page.getByRole('button', { name: 'Paragraph Format', exact: true });
  for (const level of [1, 2]) {
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(`Heading ${level}`);
    await format.click();
    await page.getByRole('menuitemradio', { name: `Heading ${level}` }).click();
    await expect(format).toContainText(`Heading ${level}`);
    await expect.poll(() => b.editor.xml()).toContain(`<heading level="${level}"`);
    await format.click();
    await page.getByRole('menuitemradio', { name: 'Normal' }).click();
    await expect.poll(() => b.editor.xml()).not.toContain('<heading');
  }
  for (const [label, tag] of blocks) {
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(label);
    const button = page.getByRole('button', { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => b.editor.xml()).toContain(tag);
    await button.click();
    await expect.poll(() => b.editor.xml()).not.toContain(tag);
  }
  // Quote is a dropdown (Increase / Decrease), as in the baseline.
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('Quote');
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Increase' }).click();
  await expect.poll(() => b.editor.xml()).toContain('<blockquote>');
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Decrease' }).click();
  await expect.poll(() => b.editor.xml()).not.toContain('<blockquote>');
  await page.getByRole('button', { name: 'Insert Horizontal Line' }).click();
  await expect.poll(() => b.editor.xml()).toContain('<horizontalrule>');
  await close();
});

test('undo reverts only the author’s own change', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Undo');
  await a.editor.typeAtEnd('ada-words ');
  await expect.poll(() => b.editor.xml()).toContain('ada-words');
  await b.editor.typeAtEnd('bob-words ');
  await expect.poll(() => a.editor.xml()).toContain('bob-words');
  await a.editor.page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => b.editor.xml()).not.toContain('ada-words');
  expect(await b.editor.xml()).toContain('bob-words');
  await a.editor.page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => b.editor.xml()).toContain('ada-words');
  await close();
});

test('the toolbar is one tab stop with arrow-key navigation and shortcut tooltips', async ({ page, request }) => {
  const doc = await createDocument(request);
  await page.goto(new URL(doc.editorUrl).pathname + new URL(doc.editorUrl).hash);
  const bold = page.getByRole('button', { name: 'Bold', exact: true });
  await expect(bold).toHaveAttribute('title', 'Bold (Ctrl+B)');
  await bold.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Italic', exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Italic', exact: true })).toHaveAttribute('tabindex', '0');
  await expect(bold).toHaveAttribute('tabindex', '-1');
});
