import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { connectClient, waitSynced } from '../helpers/collab-client';
import { RICH_TITLE, writeDocument } from '../helpers/rich-document';
import { fillRichDocument, RICH_HEADING, RICH_TEXT } from '../helpers/export-document';
import { createDocument, EditorPage, newEditor } from './fixtures';

const model = createDocumentModel(defaultEditorOptions);

/** The body of an exported HTML document (between `<body>\n` and `\n</body>`). */
const bodyOf = (html: string): string => html.slice(html.indexOf('<body>\n') + 7, html.lastIndexOf('\n</body>'));

/** Opens "Download and print" and chooses `entry`; resolves with the download it starts. */
async function downloadFromMenu(page: Page, entry: string, menu = 'Download and print'): Promise<Download> {
  await page.getByRole('button', { name: menu }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: entry, exact: true }).click(),
  ]);
  return download;
}

const browserExport = (page: Page): Promise<string> => page.evaluate(() => window.__tandem?.exportHtml?.() ?? '');

test('the browser and the server export the same HTML, byte for byte', async ({ browser, request }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? '';
  const doc = await createDocument(request, RICH_TITLE);

  // Every node, mark and attribute, written by a raw y-websocket client as the editor's binding writes it.
  const writer = connectClient(`${baseURL.replace(/^http/, 'ws')}/collab`, doc.id, doc.editorToken);
  await waitSynced(writer);
  writeDocument(writer.doc, model.schema);

  const serverExport = async (token: string): Promise<{ body: Buffer; type: string }> => {
    const res = await request.get(`/api/documents/${doc.id}/export?format=html`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    return { body: await res.body(), type: res.headers()['content-type'] ?? '' };
  };
  await expect
    .poll(async () => (await serverExport(doc.editorToken)).body.toString('utf8'))
    .toContain('report &eacute;.pdf');

  const context = await browser.newContext();
  // No internet: nothing of the document's remote media may be fetched from elsewhere.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const editor = new EditorPage(await context.newPage());
  await editor.open(doc.editorUrl);
  await editor.waitConnected();
  const page = editor.page;

  // The editor normalises the document it opened once table editing is in (fetched when the browser is idle: it
  // completes the last row's column widths) and syncs that to the server. Compared before, both sides could agree
  // on the old state and the viewer below see the new one (seen under load). So: table editing first, then both
  // sides read again until they agree.
  const tableEditingIn = (): Promise<boolean> =>
    page.evaluate(() => {
      const storage = window.__tandem?.editor.storage as { table?: { registered?: boolean } } | undefined;
      return storage?.table?.registered === true;
    });
  await expect.poll(tableEditingIn).toBe(true);
  let server = await serverExport(doc.editorToken);
  await expect
    .poll(async () => {
      server = await serverExport(doc.editorToken);
      return (await browserExport(page)) === bodyOf(server.body.toString('utf8'));
    })
    .toBe(true);
  expect(server.type).toBe('text/html; charset=utf-8');
  const serverHtml = server.body.toString('utf8');

  // The editor's own HTML download writes the very same file.
  const download = await downloadFromMenu(page, 'HTML');
  expect(download.suggestedFilename()).toBe('Café & _Notes_ _α_ ©.html');
  const file = await readFile(await download.path());
  expect(file.equals(server.body)).toBe(true);
  expect(file.toString('utf8')).toBe(serverHtml);

  // A viewer's browser and a viewer token on the server give the same bytes as well.
  const viewer = new EditorPage(await context.newPage());
  await viewer.open(doc.viewerUrl);
  await expect.poll(() => browserExport(viewer.page)).toBe(bodyOf(serverHtml));
  expect((await serverExport(doc.viewerToken)).body.equals(server.body)).toBe(true);

  writer.destroy();
  await context.close();
});

/** Page count and the size of every page (in points) of a PDF, and its text. */
async function readPdf(bytes: Buffer): Promise<{ total: number; sizes: number[][]; text: string; images: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const info = await parser.getInfo({ parsePageInfo: true });
    const { text } = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0 });
    return {
      total: info.total,
      sizes: info.pages.map((p) => [p.width, p.height]),
      text,
      images: images.pages.reduce((n, p) => n + p.images.length, 0),
    };
  } finally {
    await parser.destroy();
  }
}

test('the menu downloads Markdown, text, JSON, PDF (A4 and Letter) and Word from the server', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Menu export');
  const { context, editor } = await newEditor(browser);
  const { page } = editor;
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  const picture = await fillRichDocument(page, request, doc, 'Bericht Köln');

  const md = await downloadFromMenu(page, 'Markdown');
  expect(md.suggestedFilename()).toBe('Bericht Köln.md');
  const markdown = await readFile(await md.path(), 'utf8');
  expect(markdown).toContain(`# ${RICH_HEADING}`);
  expect(markdown).toContain('**bold words**');
  expect(markdown).toMatch(/- first point/);
  expect(markdown).toMatch(/\|\s*Region\s*\|\s*Sales\s*\|/);
  expect(markdown).toContain(new URL(picture.link).pathname);

  const txt = await downloadFromMenu(page, 'Plain text');
  expect(txt.suggestedFilename()).toBe('Bericht Köln.txt');
  const text = await readFile(await txt.path(), 'utf8');
  expect(text).toContain(RICH_HEADING);
  expect(text).toContain(`${RICH_TEXT} and bold words stay.`);
  expect(text).not.toContain('<');

  const json = await downloadFromMenu(page, 'JSON');
  expect(json.suggestedFilename()).toBe('Bericht Köln.json');
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as { title: string; doc: { type: string } };
  expect(exported.title).toBe('Bericht Köln');
  expect(exported.doc.type).toBe('doc');
  expect(JSON.stringify(exported.doc)).toContain('"type":"table"');

  const a4 = await downloadFromMenu(page, 'PDF (A4)');
  expect(a4.suggestedFilename()).toBe('Bericht Köln.pdf');
  const a4Pdf = await readPdf(await readFile(await a4.path()));
  expect(a4Pdf.total).toBe(1);
  expect(a4Pdf.sizes).toEqual([[595.28, 841.89]]);
  expect(a4Pdf.text).toContain(RICH_HEADING);
  expect(a4Pdf.text).toContain('North');
  expect(a4Pdf.text).toContain('1200');
  expect(a4Pdf.images).toBe(1);

  const letter = await downloadFromMenu(page, 'PDF (Letter)');
  const letterPdf = await readPdf(await readFile(await letter.path()));
  expect(letterPdf.sizes).toEqual([[612, 792]]);
  expect(letterPdf.text).toContain(RICH_TEXT);

  const word = await downloadFromMenu(page, 'Word (.docx)');
  expect(word.suggestedFilename()).toBe('Bericht Köln.docx');
  const docx = await readFile(await word.path());
  expect(docx.subarray(0, 2).toString()).toBe('PK');
  const { value: wordHtml } = await mammoth.convertToHtml({ buffer: docx });
  expect(wordHtml).toContain(RICH_HEADING);
  expect(wordHtml).toContain('<strong>bold words</strong>');
  expect(wordHtml).toMatch(/<table>.*Region.*North.*1200.*<\/table>/);
  expect(wordHtml).toMatch(/<img [^>]*src="data:image\/png;base64,/);
  await context.close();
});

test('exports are tidy, and a Word download imports back with its headings, quotes, code, lists and marks', async ({
  browser,
  request,
}, testInfo) => {
  const doc = await createDocument(request, 'Tidy');
  const { context, editor } = await newEditor(browser);
  const { page } = editor;
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  const content =
    '<h2>Plan</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <code>code()</code>.</p>' +
    '<blockquote><p>quoted</p></blockquote><pre><code>let a = 1;\nlet b = 2;</code></pre>' +
    '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul>';
  await page.evaluate((html) => window.__tandem?.editor.commands.setContent(html), content);
  // The editor keeps an empty paragraph after the last list to type in; no export has it.
  await expect.poll(() => editor.html()).toBe(`${content}<p></p>`);
  await expect.poll(() => browserExport(page)).toBe(content);

  const markdown = await readFile(await (await downloadFromMenu(page, 'Markdown')).path(), 'utf8');
  expect(markdown).toBe(
    '## Plan\n\nSome **bold**, *italic*, ++underlined++ and `code()`.\n\n> quoted\n\n' +
      '```\nlet a = 1;\nlet b = 2;\n```\n\n- one\n  - nested\n- two',
  );
  const text = await readFile(await (await downloadFromMenu(page, 'Plain text')).path(), 'utf8');
  expect(text).toBe(
    'Plan\n\nSome bold, italic, underlined and code().\n\nquoted\n\nlet a = 1;\nlet b = 2;\n\n• one\n  ◦ nested\n• two',
  );

  // The .docx, imported into a new document as an author imports a Word file.
  const word = testInfo.outputPath('Tidy.docx');
  await (await downloadFromMenu(page, 'Word (.docx)')).saveAs(word);
  const other = await createDocument(request, 'Imported');
  await editor.open(other.editorUrl);
  await editor.waitConnected();
  await editor.content.click();
  await page.getByRole('button', { name: 'Download and print' }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: /^Import/ }).click(),
  ]);
  await chooser.setFiles(word);
  await expect.poll(() => editor.html(), { timeout: 15_000 }).toBe(`${content}<p></p>`);
  await context.close();
});

test('a server download shows its progress, can be cancelled, and a failure is explained', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Progress');
  const { context, editor } = await newEditor(browser);
  const { page } = editor;
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await fillRichDocument(page, request, doc, 'Progress');

  // Hold the export requests (then they go to the real server unchanged) to see the waiting state.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/api\/documents\/[^/]+\/export\?/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });

  const status = page.getByRole('status').filter({ hasText: 'PDF (A4)' });
  await page.getByRole('button', { name: 'Download and print' }).click();
  await page.getByRole('menuitem', { name: 'PDF (A4)' }).click();
  await expect(status).toContainText('Preparing PDF (A4)…');
  // Indeterminate while the server renders.
  const bar = status.getByRole('progressbar', { name: 'Progress of the download' });
  await expect(bar).toBeVisible();
  await expect(bar).not.toHaveAttribute('value');
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveCount(0);

  // The next one goes through: the indicator goes away once the file is saved.
  await page.getByRole('button', { name: 'Download and print' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Word (.docx)' }).click();
  const wordStatus = page.getByRole('status').filter({ hasText: 'Word (.docx)' });
  await expect(wordStatus).toContainText('Preparing Word (.docx)…');
  release();
  expect((await downloaded).suggestedFilename()).toBe('Progress.docx');
  await expect(wordStatus).toHaveCount(0);
  await page.unroute(/\/api\/documents\/[^/]+\/export\?/);

  // The server cannot be reached: the author is told, in words, and can dismiss it.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Download and print' }).click();
  await page.getByRole('menuitem', { name: 'Markdown', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'download failed' });
  await expect(alert).toHaveText(
    /The Markdown download failed\. The server cannot be reached\. Check your connection\./,
  );
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await context.setOffline(false);
  await context.close();
});

test('[de] the menu and its failure message are German', async ({ browser, request }) => {
  const doc = await createDocument(request, 'Deutsch');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeAtEnd('Hallo');
  // The menu's and the downloads' code arrive when the page is idle; then they work offline too.
  await expect
    .poll(() =>
      page.evaluate(() =>
        ['toolbar-menu.radix-', 'export-actions-'].every((chunk) =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes(chunk)),
        ),
      ),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Herunterladen und drucken' }).click();
  const menu = page.getByRole('menu', { name: 'Herunterladen und drucken' });
  for (const entry of [
    'HTML',
    'Markdown',
    'Reiner Text',
    'JSON',
    'PDF (A4)',
    'PDF (Letter)',
    'Word (.docx)',
    'Drucken',
  ]) {
    await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('menuitem', { name: /Importieren …/ })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Reiner Text' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Download' })).toHaveText(
    /Der Download als Reiner Text ist fehlgeschlagen\. /,
  );
  await context.close();
});
