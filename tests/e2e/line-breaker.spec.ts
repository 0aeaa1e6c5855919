import { expect, test, type Page } from '@playwright/test';
import { boxOf, createDocument, linkPath, twoAuthors } from './fixtures';

const RULE = '<horizontalrule></horizontalrule>';

/** Replaces the document through the page's editor (author A's change reaches B through Yjs). */
async function setContent(page: Page, html: string): Promise<void> {
  await page.evaluate((content) => {
    const tandem = window.__tandem as unknown as { editor: { commands: { setContent: (h: string) => boolean } } };
    tandem.editor.commands.setContent(content);
  }, html);
}

const nth = (page: Page, selector: string, index: number) => boxOf(page.locator(selector).nth(index));

test('a paragraph goes between two horizontal rules, for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Line breaker');
  const page = a.editor.page;
  await a.editor.typeAtEnd('above');
  const insertRule = page.getByRole('button', { name: 'Insert Horizontal Line' });
  await insertRule.click();
  await page.keyboard.press('ArrowUp');
  await insertRule.click();
  await expect.poll(() => b.editor.xml()).toContain(`${RULE}${RULE}`);

  const breakButton = page.getByRole('button', { name: 'Break' });
  const first = await nth(page, '.tiptap hr', 0);
  const second = await nth(page, '.tiptap hr', 1);
  const x = first.x + first.width / 2;
  // 40 px above the first rule (text above it) and 40 px below the second (the trailing paragraph): nothing.
  await page.mouse.move(x, first.y - 40);
  await page.waitForTimeout(150);
  await expect(breakButton).toBeHidden();
  await page.mouse.move(x, second.y + second.height + 40);
  await page.waitForTimeout(150);
  await expect(breakButton).toBeHidden();

  await page.mouse.move(x, (first.y + first.height + second.y) / 2);
  await expect(breakButton).toBeVisible();
  await breakButton.click();
  await expect(breakButton).toBeHidden();
  await expect.poll(() => b.editor.xml()).toContain(`${RULE}<paragraph></paragraph>${RULE}`);
  // The caret is in the new paragraph.
  await page.keyboard.insertText('between');
  await expect.poll(() => b.editor.xml()).toContain(`${RULE}<paragraph>between</paragraph>${RULE}`);
  await expect(b.editor.content.locator('hr + p + hr')).toHaveCount(1);
  await close();
});

test('a rule as the first block gets a paragraph before it, kept after a reload', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Line breaker first');
  const page = a.editor.page;
  await a.editor.waitConnected();
  await setContent(page, '<hr><p>after</p>');
  await expect.poll(() => b.editor.xml()).toBe(`${RULE}<paragraph>after</paragraph>`);

  const rule = await nth(page, '.tiptap hr', 0);
  const breakButton = page.getByRole('button', { name: 'Break' });
  await page.mouse.move(rule.x + rule.width / 2, rule.y - 5);
  await expect(breakButton).toBeVisible();
  // The marker sits above the rule, not on the text below it.
  const marker = await nth(page, '.line-breaker', 0);
  expect(marker.y).toBeLessThanOrEqual(rule.y);
  // Pressing the mouse button elsewhere hides it.
  await page.mouse.down();
  await expect(breakButton).toBeHidden();
  await page.mouse.up();
  await page.mouse.move(rule.x + rule.width / 2 + 3, rule.y - 4);
  await breakButton.click();
  await page.keyboard.insertText('before');
  await expect.poll(() => b.editor.xml()).toBe(`<paragraph>before</paragraph>${RULE}<paragraph>after</paragraph>`);

  await page.reload();
  await expect(a.editor.content).toBeVisible();
  await expect.poll(() => a.editor.xml()).toBe(`<paragraph>before</paragraph>${RULE}<paragraph>after</paragraph>`);
  await close();
});

test('tables: a paragraph goes between two adjacent tables, and before a table that starts the document', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Line breaker tables');
  const page = a.editor.page;
  await a.editor.waitConnected();
  const table = (text: string): string =>
    `<table><tbody><tr><td><p>${text}</p></td><td><p></p></td></tr></tbody></table>`;
  await setContent(page, `${table('one')}${table('two')}`);
  await expect.poll(() => b.editor.xml()).toContain('</table><table>');

  const breakButton = page.getByRole('button', { name: 'Break' });
  const first = await nth(page, '.tiptap table', 0);
  const second = await nth(page, '.tiptap table', 1);
  await page.mouse.move(first.x + first.width / 2, (first.y + first.height + second.y) / 2);
  await expect(breakButton).toBeVisible();
  await breakButton.click();
  await page.keyboard.insertText('between');
  await expect.poll(() => b.editor.xml()).toContain('</table><paragraph>between</paragraph><table>');

  // Before the first table (the document's first block).
  const top = await nth(page, '.tiptap table', 0);
  await page.mouse.move(top.x + top.width / 2, top.y - 5);
  await expect(breakButton).toBeVisible();
  await breakButton.click();
  await page.keyboard.insertText('first');
  await expect.poll(() => b.editor.xml()).toMatch(/^<paragraph>first<\/paragraph><table>/);
  await close();
});

test('[390 px] the Break button and the block handle stay inside the table and the document frame', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Line breaker phone');
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto(linkPath(doc.editorUrl));
  await expect(page.locator('[data-status="connected"]')).toBeVisible();
  const cells = (row: string) => `<tr>${[...row].map((c) => `<td><p>${c}</p></td>`).join('')}</tr>`;
  await setContent(
    page,
    `<p>above</p><table><tbody>${cells('abc')}${cells('def')}</tbody></table><table><tbody>${cells('x')}</tbody></table>`,
  );
  const first = await nth(page, '.tiptap table', 0);
  const second = await nth(page, '.tiptap table', 1);
  await page.mouse.move(first.x + first.width / 2, (first.y + first.height + second.y) / 2);
  const breakButton = page.getByRole('button', { name: 'Break' });
  await expect(breakButton).toBeVisible();
  const button = await breakButton.boundingBox();
  expect(button).not.toBeNull();
  // Within the tables' width, and over the gap between them rather than on either table.
  expect(button!.x + button!.width).toBeLessThanOrEqual(first.x + first.width + 0.5);
  expect(button!.y).toBeGreaterThanOrEqual(first.y + first.height);
  expect(button!.y + button!.height).toBeLessThanOrEqual(second.y);

  await page.locator('.tiptap p', { hasText: 'above' }).hover();
  const handle = page.locator('.drag-handle-button');
  await expect(handle).toBeVisible();
  const [handleBox, frame] = await Promise.all([handle.boundingBox(), page.locator('.editor-content').boundingBox()]);
  expect(handleBox!.x).toBeGreaterThanOrEqual(frame!.x + 1);
  await context.close();
});
