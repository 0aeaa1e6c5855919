import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createDocumentModel } from '@shared/document/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { connectClient, waitSynced } from '../helpers/collab-client';
import { RICH_TITLE, writeDocument } from '../helpers/rich-document';
import { createDocument, EditorPage } from './fixtures';

const model = createDocumentModel(defaultEditorOptions);

/** The body of an exported HTML document (between `<body>\n` and `\n</body>`). */
const bodyOf = (html: string): string => html.slice(html.indexOf('<body>\n') + 7, html.lastIndexOf('\n</body>'));

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

  const server = await serverExport(doc.editorToken);
  expect(server.type).toBe('text/html; charset=utf-8');
  const serverHtml = server.body.toString('utf8');
  await expect.poll(() => browserExport(page)).toBe(bodyOf(serverHtml));

  // The editor's own "Download HTML" writes the very same file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download HTML' }).click(),
  ]);
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
