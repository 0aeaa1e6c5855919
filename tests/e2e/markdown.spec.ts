import { expect, test, type Page } from '@playwright/test';
import { openGerman, twoAuthors, boxOf } from './fixtures';

const toolbarButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
const markdownText = (page: Page) => page.getByRole('textbox', { name: 'Markdown of the document' });

test('Markdown beside the text: typing in either pane reaches the other pane and the other author', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Markdown');
  const page = a.editor.page;
  await a.editor.typeFresh('First line');
  await toolbarButton(page, 'Markdown').click();
  await expect(toolbarButton(page, 'Markdown')).toHaveAttribute('aria-pressed', 'true');
  await expect(markdownText(page)).toHaveText('First line');

  // Bob types in the rich text: Ada's Markdown follows.
  await b.editor.typeAtEnd(' and Bob');
  await expect(markdownText(page)).toHaveText('First line and Bob');

  // Ada types Markdown: her rich text and Bob's follow.
  await markdownText(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('## From **Markdown**');
  const expected = '<p>First line and Bob</p><h2>From <strong>Markdown</strong></h2>';
  await expect.poll(() => a.editor.html()).toContain(expected);
  await expect.poll(() => b.editor.html()).toContain(expected);
  await expect(a.editor.content.locator('h2')).toHaveText('From Markdown');
  // The view is this author's: Bob has no Markdown pane.
  await expect(markdownText(b.editor.page)).toHaveCount(0);
  await close();
});

test('hostile Markdown typed into the view is neutralised for both authors', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Markdown hostile');
  const page = a.editor.page;
  await a.editor.typeFresh('Safe');
  await toolbarButton(page, 'Markdown').click();
  await expect(markdownText(page)).toHaveText('Safe');
  await markdownText(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(
    '[a](javascript:window.pwned=1) ![b](javascript:window.pwned=2) <img src="/x.png" onerror="window.pwned=3">\n\n' +
      '<script>window.pwned=4</script>\n\n<iframe src="https://example.com/"></iframe>\n\n' +
      '<svg onload="window.pwned=5"></svg>\n\n<span style="background:url(https://example.com/t.png)">z</span> end',
  );
  await expect.poll(() => b.editor.html()).toContain('end');
  for (const author of [a, b]) {
    const html = await author.editor.html();
    for (const bad of ['<script', 'onerror', 'onload', 'javascript:', '<iframe', '<svg', 'url('])
      expect(html).not.toContain(bad);
    expect(await author.editor.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  }
  await close();
});

test('the divider keeps both panes at least 125 px, moves by keyboard, and the view and widths survive a reload', async ({
  browser,
  request,
}) => {
  const { a, close } = await twoAuthors(browser, request, 'Markdown divider');
  const page = a.editor.page;
  await a.editor.typeFresh('Text');
  await toolbarButton(page, 'Markdown').click();
  await expect(markdownText(page)).toHaveText('Text');
  const divider = page.getByRole('separator', { name: 'Width of the Markdown view' });
  const rich = page.locator('.editor-rich');
  const pane = page.locator('.markdown-pane');
  expect((await pane.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(200);

  const box = await boxOf(divider);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(0, y, { steps: 5 });
  await page.mouse.up();
  const richWidth = (await rich.boundingBox())?.width ?? 0;
  expect(richWidth).toBeGreaterThanOrEqual(124);
  expect(richWidth).toBeLessThan(140);

  await page.mouse.move(box.x + box.width / 2, y);
  const again = await boxOf(divider);
  await page.mouse.move(again.x + again.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(2000, y, { steps: 5 });
  await page.mouse.up();
  const paneWidth = (await pane.boundingBox())?.width ?? 0;
  expect(paneWidth).toBeGreaterThanOrEqual(124);
  expect(paneWidth).toBeLessThan(140);

  // Keyboard: the arrows move it, and it says where it is.
  await divider.focus();
  const before = Number(await divider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Number(await divider.getAttribute('aria-valuenow'))).toBeLessThan(before);
  const share = await divider.getAttribute('aria-valuenow');

  await page.reload();
  await expect(markdownText(page)).toHaveText('Text');
  await expect(divider).toHaveAttribute('aria-valuenow', share ?? '');
  await toolbarButton(page, 'Markdown').click();
  await expect(markdownText(page)).toHaveCount(0);
  await page.reload();
  await expect(a.editor.content).toBeVisible();
  await expect(markdownText(page)).toHaveCount(0);
  await close();
});

test('the Markdown view in German', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Markdown');
  const page = editor.page;
  await editor.typeFresh('Hallo');
  await page
    .getByRole('toolbar', { name: 'Formatierung' })
    .getByRole('button', { name: 'Markdown', exact: true })
    .click();
  await expect(page.getByRole('textbox', { name: 'Markdown des Dokuments' })).toHaveText('Hallo');
  await expect(page.getByRole('separator', { name: 'Breite der Markdown-Ansicht' })).toBeVisible();
  await context.close();
});
