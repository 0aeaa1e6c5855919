import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { ImportLimits } from '@shared/limits';
import { seedColour, solidPng } from '../helpers/png';
import { EditorPage, createDocument, newEditor, twoAuthors } from './fixtures';

/** A Word file with a heading, bold text, a bulleted list, a table and a picture, written by the `docx` package. */
async function wordFixture(path: string): Promise<void> {
  const picture = solidPng(80, 40, seedColour(77));
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Imported from Word')] }),
          new Paragraph({ children: [new TextRun('Plain and '), new TextRun({ text: 'strong words', bold: true })] }),
          new Paragraph({ text: 'list item one', bullet: { level: 0 } }),
          new Paragraph({ text: 'list item two', bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('cell A1')] }),
                  new TableCell({ children: [new Paragraph('cell B1')] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('cell A2')] }),
                  new TableCell({ children: [new Paragraph('cell B2')] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 80, height: 40 } })],
          }),
        ],
      },
    ],
  });
  await writeFile(path, await Packer.toBuffer(doc));
}

/** Chooses Import… in the menu and gives the file picker `files`. */
async function importFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  menu = 'Download and print',
): Promise<void> {
  await page.getByRole('button', { name: menu }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: /^(Import|Importieren)/ }).click(),
  ]);
  await chooser.setFiles(file);
}

const html = (editor: EditorPage): Promise<string> => editor.html();

test('a Word file and a Markdown file go in at the caret, pictures uploaded, and the other author sees them', async ({
  browser,
  request,
}, testInfo) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Import');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Top line');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Bottom line');
  // The caret between the two lines: at the end of "Top line".
  await a.editor.content.getByText('Top line').click();
  await page.keyboard.press('End');

  const word = testInfo.outputPath('report.docx');
  await wordFixture(word);
  await importFile(page, word);

  const imported = (doc: string): boolean =>
    /<p>Top line<\/p><h1>Imported from Word<\/h1>/.test(doc) &&
    doc.includes('<strong>strong words</strong>') &&
    /<ul><li><p>list item one<\/p><\/li><li><p>list item two<\/p><\/li><\/ul>/.test(doc) &&
    /<table[^>]*>.*cell A1.*cell B2.*<\/table>/.test(doc) &&
    doc.endsWith('<p>Bottom line</p>');
  await expect.poll(async () => imported(await html(b.editor)), { timeout: 15_000 }).toBe(true);
  // The picture was uploaded like a pasted one: our uploads address, never a data: URL, for both.
  const uploaded = /<img[^>]+src="(?:http:\/\/127\.0\.0\.1:\d+)?\/uploads\/[^"]+"/;
  await expect.poll(() => html(a.editor), { timeout: 15_000 }).toMatch(uploaded);
  await expect.poll(() => html(b.editor), { timeout: 15_000 }).toMatch(uploaded);
  expect(await html(b.editor)).not.toContain('data:');
  expect(await b.editor.xml()).not.toContain('data:');
  await expect(page.getByRole('status').filter({ hasText: 'Importing' })).toHaveCount(0);

  // Markdown at the caret (now at the end of the document).
  await a.editor.content.getByText('Bottom line').click();
  await page.keyboard.press('End');
  const markdown = testInfo.outputPath('notes.md');
  await writeFile(markdown, '## From Markdown\n\nSome *emphasis* and `code`.\n\n1. first\n2. second\n');
  await importFile(page, markdown);
  await expect
    .poll(() => html(b.editor))
    .toMatch(
      /<p>Bottom line<\/p><h2>From Markdown<\/h2><p>Some <em>emphasis<\/em> and <code>code<\/code>\.<\/p><ol><li><p>first<\/p><\/li><li><p>second<\/p><\/li><\/ol>/,
    );
  await close();
});

test('a too large, a wrong and a broken file are refused with a message and change nothing', async ({
  browser,
  request,
}) => {
  const { a, close } = await twoAuthors(browser, request, 'Refused imports');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Keep me');
  await a.editor.waitConnected();
  const before = await html(a.editor);
  const alert = page.getByRole('alert');

  await importFile(page, {
    name: 'huge.md',
    mimeType: 'text/markdown',
    buffer: Buffer.alloc(ImportLimits.maxFileBytes + 1, 'a'),
  });
  await expect(alert).toHaveText(/The file is too large to import\. Files up to 10 MB can be imported\./);
  await alert.getByRole('button', { name: 'Dismiss' }).click();

  await importFile(page, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really') });
  await expect(alert).toHaveText(
    /This file cannot be imported\. Choose an HTML, Markdown \(\.md\) or Word \(\.docx\) file\./,
  );
  await alert.getByRole('button', { name: 'Dismiss' }).click();

  await importFile(page, {
    name: 'broken.docx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('PK nonsense'),
  });
  await expect(alert).toHaveText(/The file could not be read as Word\. It may be damaged\. Nothing was imported\./);
  expect(await html(a.editor)).toBe(before);
  await close();
});

test('hostile HTML and Markdown files are neutralized: no script, handler, javascript: URL, frame or foreign request', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Hostile imports');
  const page = a.editor.page;
  const foreign: string[] = [];
  for (const p of [page, b.editor.page]) {
    p.on('request', (r) => {
      if (new URL(r.url()).hostname.endsWith('evil.example')) foreign.push(r.url());
    });
  }
  await a.editor.typeAtEnd('Start');
  await a.editor.waitConnected();

  const hostileHtml = [
    '<html><head><title>Bad</title><style>p { background: url(https://evil.example/css.png) }</style></head><body>',
    '<script>window.__pwned = "script"</script>',
    '<p onclick="window.__pwned = \'handler\'">html kept text</p>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    '<a href="javascript:window.__pwned = \'link\'">js link</a> <a href="https://ok.example/">safe link</a>',
    '<p style="background-image: url(https://evil.example/inline.png)">styled</p>',
    '<iframe src="https://evil.example/frame"></iframe>',
    '<svg><script>window.__pwned = "svg"</script><circle onload="window.__pwned = \'svg-load\'"/></svg>',
    '<form action="https://evil.example/post"><input value="x"></form>',
    '</body></html>',
  ].join('\n');
  await importFile(page, { name: 'bad.html', mimeType: 'text/html', buffer: Buffer.from(hostileHtml) });
  await expect(a.editor.content).toContainText('html kept text');

  const hostileMarkdown = [
    '# md kept heading',
    '',
    '[click me](javascript:window.__pwned=1) and [fine](https://ok.example/md)',
    '',
    '![pic](javascript:alert(1))',
    '',
    '<script>window.__pwned = "md-script"</script>',
    '',
    '<img src="x" onerror="window.__pwned = \'md-img\'">',
    '',
    '<iframe src="https://evil.example/md-frame"></iframe>',
    '',
    '<span style="color: red; background: url(https://evil.example/md.png)">md styled</span>',
  ].join('\n');
  await page.keyboard.press('Control+End');
  await importFile(page, { name: 'bad.md', mimeType: 'text/markdown', buffer: Buffer.from(hostileMarkdown) });
  await expect(a.editor.content).toContainText('md kept heading');
  await expect(b.editor.content).toContainText('md kept heading');

  for (const author of [a, b]) {
    const shared = await author.editor.xml();
    for (const bad of [
      'javascript:',
      'onerror',
      'onclick',
      'onload',
      'evil.example',
      '<script',
      '<iframe',
      '<svg',
      '<form',
    ])
      expect(shared.toLowerCase()).not.toContain(bad);
    const content = author.editor.content;
    await expect(content.locator('script, iframe, svg, form, [onerror], [onclick], [onload]')).toHaveCount(0);
    await expect(content.locator('a[href^="javascript"], img[src^="javascript"]')).toHaveCount(0);
    await expect(content.locator('a[href="https://ok.example/"]')).toHaveText('safe link');
    await expect(content.locator('a[href="https://ok.example/md"]')).toHaveText('fine');
    expect(await author.editor.page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  }
  expect(foreign).toEqual([]);
  // The editor still works after the imports.
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(' still typing');
  await expect(b.editor.content).toContainText('still typing');
  await close();
});

test('[de] an import error is German', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Import DE');
  const { context, editor } = await newEditor(browser);
  await editor.page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await editor.open(doc.editorUrl, 'Ada');
  await importFile(
    editor.page,
    { name: 'bild.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    'Herunterladen und drucken',
  );
  await expect(editor.page.getByRole('alert')).toHaveText(/Diese Datei kann nicht importiert werden\./);
  await context.close();
});

test('the home page imports a file into a new document that another author then sees', async ({
  browser,
}, testInfo) => {
  const { context, editor } = await newEditor(browser);
  const page = editor.page;
  await page.goto('/');
  const importButton = page.getByRole('button', { name: 'Import document…' });

  // A wrong file creates nothing and says why.
  const [wrong] = await Promise.all([page.waitForEvent('filechooser'), importButton.click()]);
  await wrong.setFiles({ name: 'table.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect(page.getByRole('alert')).toHaveText(/This file cannot be imported\./);
  await expect(page).toHaveURL(/\/$/);

  const word = testInfo.outputPath('Quarterly plan.docx');
  await wordFixture(word);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importButton.click()]);
  await chooser.setFiles(word);
  await expect(page).toHaveURL(/\/d\/[^/#]+/);
  await expect(page.getByLabel('Document title')).toHaveValue('Quarterly plan');
  await expect(editor.content.getByRole('heading', { name: 'Imported from Word' })).toBeVisible();
  await expect(editor.content.locator('table')).toContainText('cell B2');
  await expect.poll(() => editor.html(), { timeout: 15_000 }).toMatch(/<img[^>]+src="[^"]*\/uploads\/[^"]+"/);

  // A second author opening the editor link gets the same document from the server.
  const docId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const token = await page.evaluate(
    (id) =>
      (JSON.parse(localStorage.getItem('tandem.recent') ?? '[]') as { id: string; token: string }[]).find(
        (d) => d.id === id,
      )?.token,
    docId,
  );
  expect(token).toBeTruthy();
  const url = new URL(`/d/${docId}#token=${token ?? ''}`, page.url()).href;
  const other = await newEditor(browser);
  await other.editor.open(url, 'Bob');
  await expect(other.editor.content.getByRole('heading', { name: 'Imported from Word' })).toBeVisible();
  await expect.poll(() => other.editor.html()).toMatch(/<img[^>]+src="[^"]*\/uploads\/[^"]+"/);
  await expect.poll(() => other.editor.html()).toContain('<strong>strong words</strong>');
  // It went in once, and the document has nothing else (no blank first line).
  expect((await other.editor.html()).match(/Imported from Word/g)).toHaveLength(1);
  expect(await other.editor.html()).toMatch(/^<h1>Imported from Word<\/h1>/);
  await other.context.close();
  await context.close();
});
