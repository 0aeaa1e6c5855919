import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProseMirrorJson } from '@shared/api/export';
import { exportedDocument } from '@shared/document/html/html-export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { PdfLimits } from '@shared/limits';
import { wordImportOptions } from '@shared/document/word/word-styles';
import { createDoc } from '../helpers/api';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { makeImage, upload } from '../helpers/media-fixtures';
import { writeDocument } from '../helpers/rich-document';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';
import { renderText } from '../../server/src/plugins/export/text/render-text';

const model = createDocumentModel(defaultEditorOptions);
const PT_PER_MM = 72 / 25.4;
const GERMAN = 'Grüße aus Köln: Äpfel, Öl und Übermut für 5 € – Straße';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Json = ProseMirrorJson;
const text = (value: string, marks?: Json['marks']): Json =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: Json[]): Json => ({ type: 'paragraph', content });
const cell = (type: string, value: string): Json => ({ type, content: [paragraph(text(value))] });

/** A heading, German text, a link, an ordered list, an image and a table long enough for two pages. */
function richJson(imageSrc: string, remoteSrc: string): Json {
  const rows: Json[] = [
    { type: 'tableRow', content: [cell('tableHeader', 'Kopfzeile A'), cell('tableHeader', 'Kopfzeile B')] },
    ...Array.from({ length: 70 }, (_, i) => ({
      type: 'tableRow',
      content: [cell('tableCell', `Zeile ${i + 1}`), cell('tableCell', `Wert ${i + 1}`)],
    })),
  ];
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [text('Überschrift')] },
      paragraph(text(GERMAN, [{ type: 'bold' }])),
      paragraph(text('Mehr: '), text('Beispiel-Link', [{ type: 'link', attrs: { href: 'https://example.com/ziel' } }])),
      {
        type: 'orderedList',
        attrs: { start: 4 },
        content: [1, 2].map((n) => ({ type: 'listItem', content: [paragraph(text(`Punkt ${n}`))] })),
      },
      paragraph(
        { type: 'image', attrs: { src: imageSrc, alt: 'Upload', width: '120px' } },
        { type: 'image', attrs: { src: remoteSrc, alt: 'Fremdes Bild', width: '120px' } },
      ),
      { type: 'table', content: rows },
    ],
  };
}

interface Binary {
  status: number;
  type: string | null;
  length: string | null;
  disposition: string | null;
  bytes: Buffer;
}

async function exportBinary(server: TestServer, id: string, token: string, query: string): Promise<Binary> {
  const res = await fetch(`${server.url}/api/documents/${id}/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    disposition: res.headers.get('content-disposition'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** Every text item of a PDF with its page and position (x from the left, y from the bottom, in points). */
async function textItems(bytes: Buffer): Promise<Array<{ page: number; str: string; x: number; y: number }>> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const out: Array<{ page: number; str: string; x: number; y: number }> = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim() !== '') {
        out.push({ page: n, str: item.str, x: Number(item.transform[4]), y: Number(item.transform[5]) });
      }
    }
  }
  await pdf.destroy();
  return out;
}

describe('GET /api/documents/:id/export?format=pdf|docx', { timeout: 60_000 }, () => {
  let server: TestServer;
  let remote: http.Server;
  let remoteHits = 0;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startServer();
    // Stands for any address a document may name: the export must never request it.
    remote = http.createServer((_req, res) => {
      remoteHits++;
      res.end();
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
    await new Promise((resolve) => remote.close(resolve));
  });

  /** A document written by a real y-websocket client; resolves once the server holds all of it. */
  async function documentOf(title: string, json: (id: string, token: string) => Promise<Json>) {
    const doc = await createDoc(server.url, title);
    const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
    clients.push(client);
    await waitSynced(client);
    const content = await json(doc.id, doc.editorToken);
    writeDocument(client.doc, model.schema, content);
    const expected = renderText(exportedDocument(model.schema.nodeFromJSON(content), { blankLines: false }));
    await retryUntil(async () => {
      const res = await fetch(`${server.url}/api/documents/${doc.id}/export?format=text`, {
        headers: { authorization: `Bearer ${doc.viewerToken}` },
      });
      expect(await res.text()).toBe(expected);
    }, 15_000);
    return doc;
  }

  async function richDocument() {
    return documentOf('Bericht Köln', async (id, token) => {
      const res = await upload(server.url, id, 'images', {
        token,
        bytes: await makeImage('png', { width: 80, height: 40, seed: 9 }),
      });
      expect(res.status).toBe(201);
      const port = (remote.address() as AddressInfo).port;
      return richJson(String(res.body.link), `http://127.0.0.1:${port}/pic.png`);
    });
  }

  it('renders a PDF with real text, the title, A4 pages, the margins, links, images and repeated table headers', async () => {
    const doc = await richDocument();
    const res = await exportBinary(server, doc.id, doc.viewerToken, '?format=pdf');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(Number(res.length)).toBe(res.bytes.length);
    expect(res.disposition).toBe(`attachment; filename="Bericht K_ln.pdf"; filename*=UTF-8''Bericht%20K%C3%B6ln.pdf`);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const parser = new PDFParse({ data: new Uint8Array(res.bytes) });
    const info = await parser.getInfo({ parsePageInfo: true });
    const parsed = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0 });
    await parser.destroy();
    expect(info.info?.Title).toBe('Bericht Köln');
    expect(info.total).toBeGreaterThanOrEqual(2);
    for (const page of info.pages) expect([page.width, page.height]).toEqual([595.28, 841.89]);
    expect(info.pages[0]?.links).toContainEqual({ url: 'https://example.com/ziel', text: 'Beispiel-Link' });
    expect(parsed.text).toContain(GERMAN);
    expect(parsed.text).toMatch(/4\.\s*Punkt 1/);
    expect(parsed.text).toMatch(/5\.\s*Punkt 2/);
    // The upload is embedded as an image; the remote address is a placeholder and was never requested.
    expect(images.pages[0]?.images.length).toBe(1);
    expect(parsed.pages[0]?.text).toContain('Fremdes Bild');
    expect(remoteHits).toBe(0);

    const items = await textItems(res.bytes);
    const pages = Math.max(...items.map((i) => i.page));
    expect(pages).toBe(info.total);
    // Footer page numbers on every page; the header row again on the second page, above its rows.
    for (let n = 1; n <= pages; n++) expect(items.some((i) => i.page === n && i.str === `${n} / ${pages}`)).toBe(true);
    const second = items.filter((i) => i.page === 2);
    const header = second.find((i) => i.str === 'Kopfzeile A');
    expect(header).toBeDefined();
    const rowsOnSecond = second.filter((i) => /^Zeile \d+$/.test(i.str));
    expect(rowsOnSecond.length).toBeGreaterThan(0);
    for (const row of rowsOnSecond) expect(row.y).toBeLessThan(header?.y ?? 0);
    // Margins: 20 mm left and right, 10 mm top and bottom (the footer sits inside the bottom margin).
    const body = items.filter((i) => !/^\d+ \/ \d+$/.test(i.str));
    const left = PdfLimits.marginHorizontalMm * PT_PER_MM;
    const top = 841.89 - PdfLimits.marginVerticalMm * PT_PER_MM;
    expect(Math.min(...body.map((i) => i.x))).toBeCloseTo(left, 1);
    for (const item of body) expect(item.y).toBeLessThan(top);
    for (const item of body) expect(item.y).toBeGreaterThan(PdfLimits.marginVerticalMm * PT_PER_MM);
  });

  it('renders Letter pages when asked', async () => {
    const doc = await documentOf('Letter', async () => ({ type: 'doc', content: [paragraph(text(GERMAN))] }));
    const res = await exportBinary(server, doc.id, doc.editorToken, '?format=pdf&page=letter');
    expect(res.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.bytes) });
    const info = await parser.getInfo({ parsePageInfo: true });
    await parser.destroy();
    expect(info.pages.map((p) => [p.width, p.height])).toEqual([[612, 792]]);
  });

  it('breaks a long document into pages', async () => {
    const doc = await documentOf('Lang', async () => ({
      type: 'doc',
      content: Array.from({ length: 300 }, (_, i) => paragraph(text(`Absatz ${i + 1}: ${GERMAN}`))),
    }));
    const res = await exportBinary(server, doc.id, doc.editorToken, '?format=pdf');
    const items = await textItems(res.bytes);
    const pages = Math.max(...items.map((i) => i.page));
    expect(pages).toBeGreaterThan(5);
    // Every paragraph once, in order, and each page's footer.
    const paragraphs = items.filter((i) => i.str.startsWith('Absatz ')).map((i) => i.str.split(':')[0]);
    expect(paragraphs).toEqual(Array.from({ length: 300 }, (_, i) => `Absatz ${i + 1}`));
    expect(items.filter((i) => /^\d+ \/ \d+$/.test(i.str)).map((i) => i.str)).toEqual(
      Array.from({ length: pages }, (_, i) => `${i + 1} / ${pages}`),
    );
  });

  it('renders a .docx with the text, a numbered list, a table with a repeating header, an image, a link and the title', async () => {
    const doc = await richDocument();
    const res = await exportBinary(server, doc.id, doc.editorToken, '?format=docx');
    expect(res.status).toBe(200);
    expect(res.type).toBe(DOCX_TYPE);
    expect(Number(res.length)).toBe(res.bytes.length);
    expect(res.disposition).toMatch(/filename\*=UTF-8''Bericht%20K%C3%B6ln\.docx$/);

    const zip = await JSZip.loadAsync(res.bytes);
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain(GERMAN);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('<w:numPr>');
    // The ordered list counts from its own start.
    expect((await zip.file('word/numbering.xml')?.async('string')) ?? '').toContain('<w:start w:val="4"/>');
    expect(Object.keys(zip.files).some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);
    expect((await zip.file('docProps/core.xml')?.async('string')) ?? '').toContain('<dc:title>Bericht Köln</dc:title>');

    // Read as the editor's Word import reads it: a heading is a heading, not bold text in one.
    const html = (await mammoth.convertToHtml({ buffer: res.bytes }, wordImportOptions())).value;
    expect(html).toContain(`<h1>Überschrift</h1>`);
    expect(html).toContain('<a href="https://example.com/ziel">Beispiel-Link</a>');
    expect(html).toMatch(/<ol><li>Punkt 1<\/li><li>Punkt 2<\/li><\/ol>/);
    expect(html).toContain('<th><p>Kopfzeile A</p></th>');
    expect(html).toContain('<img alt="Upload" src="data:image/png;base64,');
    expect(html).toContain('<em>[Fremdes Bild]</em>');
    expect(remoteHits).toBe(0);
  });

  it('writes the comment threads as Word comments at their anchors in a .docx, and nowhere else', async () => {
    const thread = 'thread-docx-0001';
    const doc = await documentOf('Kommentiert', async () => ({
      type: 'doc',
      content: [
        paragraph(text('Vorher '), text('kommentiert', [{ type: 'comment', attrs: { thread } }]), text(' nachher')),
      ],
    }));
    const author = { name: 'Ada Lovelace', color: '#1971c2' };
    const headers = {
      authorization: `Bearer ${doc.editorToken}`,
      'content-type': 'application/json',
      'x-tandem-author': 'k'.repeat(40),
    };
    const opened = await fetch(`${server.url}/api/documents/${doc.id}/comments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: thread, quote: 'kommentiert', body: 'Stimmt das?', author }),
    });
    expect(opened.status).toBe(201);
    const replied = await fetch(`${server.url}/api/documents/${doc.id}/comments/${thread}/replies`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: 'Ja.', author: { name: 'Bo', color: '#e03131' } }),
    });
    expect(replied.status).toBe(201);

    const res = await exportBinary(server, doc.id, doc.editorToken, '?format=docx');
    const zip = await JSZip.loadAsync(res.bytes);
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toMatch(/<w:commentRangeStart w:id="0"\/>.*kommentiert.*<w:commentRangeEnd w:id="0"\/>/s);
    const comments = (await zip.file('word/comments.xml')?.async('string')) ?? '';
    expect(comments).toContain('w:author="Ada Lovelace"');
    expect(comments).toContain('Stimmt das?');
    expect(comments).toContain('Ja.');
    // The other exports keep the text and leave the anchors out.
    const html = await fetch(`${server.url}/api/documents/${doc.id}/export?format=html`, {
      headers: { authorization: `Bearer ${doc.viewerToken}` },
    }).then((r) => r.text());
    expect(html).toContain('Vorher kommentiert nachher');
    expect(html).not.toContain('data-comment-thread');
  });

  it('ends a .docx and a PDF with the last list item, not the empty paragraph the editor keeps after it', async () => {
    const item = (value: string): Json => ({ type: 'listItem', content: [paragraph(text(value))] });
    const doc = await documentOf('Liste', async () => ({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Zwischentitel')] },
        { type: 'bulletList', content: [item('erster Punkt'), item('letzter Punkt')] },
        { type: 'paragraph' },
      ],
    }));
    const docx = await exportBinary(server, doc.id, doc.editorToken, '?format=docx');
    expect(docx.status).toBe(200);
    const xml = (await (await JSZip.loadAsync(docx.bytes)).file('word/document.xml')?.async('string')) ?? '';
    const body = xml.slice(0, xml.lastIndexOf('<w:sectPr'));
    // The body's last paragraph is the last item.
    const last = [...body.matchAll(/<w:p[ >]/g)].at(-1)?.index ?? 0;
    expect(body.slice(last)).toContain('letzter Punkt');
    const html = (await mammoth.convertToHtml({ buffer: docx.bytes }, wordImportOptions())).value;
    expect(html).toBe('<h2>Zwischentitel</h2><ul><li>erster Punkt</li><li>letzter Punkt</li></ul>');

    const pdf = await exportBinary(server, doc.id, doc.editorToken, '?format=pdf');
    expect(pdf.status).toBe(200);
    const items = await textItems(pdf.bytes);
    expect(items.map((i) => i.str)).toEqual(['Zwischentitel', 'erster Punkt', 'letzter Punkt', '1 / 1']);
  });

  it('renders a 2 MB document in a worker while other requests are answered', async () => {
    const doc = await documentOf('Groß', async () => ({
      type: 'doc',
      content: Array.from({ length: 4200 }, (_, i) => paragraph(text(`Absatz ${i}: ${`${GERMAN}. `.repeat(8)}`))),
    }));
    const exported = exportBinary(server, doc.id, doc.editorToken, '?format=pdf');
    await retryUntil(() => expect(server.app.exportPool.inFlight).toBe(1));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // The health answer came while the export was still rendering: the event loop was free.
    expect(server.app.exportPool.inFlight).toBe(1);
    const res = await exported;
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(Number(res.length));
    expect(server.app.exportPool.inFlight).toBe(0);
  });
});
