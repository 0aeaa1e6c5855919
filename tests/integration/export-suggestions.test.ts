import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProseMirrorJson } from '@shared/api/export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { SUGGESTION_ANCHOR_CHAR } from '@shared/document/model/suggestion-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { createDoc } from '../helpers/api';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { writeDocument } from '../helpers/rich-document';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const model = createDocumentModel(defaultEditorOptions);
const ID = 'sugg_0123456789ab';
const by = (author: string) => ({ id: ID, author });

/**
 * "Hello old new world" where Ada suggested replacing "old " by "new " and deleting the break before "Second"
 * (suggestion mode anchors a deleted paragraph break by zero-width spaces carrying the deletion, one at the end
 * of the first paragraph and one at the start of the next, as the library writes it).
 */
const SUGGESTED: ProseMirrorJson = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Hello ' },
        { type: 'text', text: 'old ', marks: [{ type: 'deletion', attrs: by('Ada') }] },
        { type: 'text', text: 'new ', marks: [{ type: 'insertion', attrs: by('Ada') }] },
        { type: 'text', text: 'world' },
        { type: 'text', text: SUGGESTION_ANCHOR_CHAR, marks: [{ type: 'deletion', attrs: by('Ada') }] },
      ],
    },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: SUGGESTION_ANCHOR_CHAR, marks: [{ type: 'deletion', attrs: by('Ada') }] },
        { type: 'text', text: 'Second' },
      ],
    },
  ],
};

interface Answer {
  status: number;
  bytes: Buffer;
  text: string;
}

async function exportOf(server: TestServer, id: string, token: string, query: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/documents/${id}/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, text: bytes.toString('utf8') };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) if ('str' in item) parts.push(item.str);
  }
  await pdf.destroy();
  return parts.join(' ');
}

async function docxXml(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  return (await zip.file('word/document.xml')?.async('string')) ?? '';
}

/** The body of an exported HTML document. */
const bodyOf = (html: string): string => html.slice(html.indexOf('<body>\n') + 7, html.lastIndexOf('\n</body>'));

describe('exports with suggestions accepted or as marked (issue 28)', { timeout: 60_000 }, () => {
  let server: TestServer;
  let doc: { id: string; editorToken: string; viewerToken: string };
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startServer();
    doc = await createDoc(server.url, 'Suggested');
    const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
    clients.push(client);
    await waitSynced(client);
    // Replaces the paragraph every document starts with.
    client.doc.transact(() => {
      const fragment = client.doc.getXmlFragment('default');
      fragment.delete(0, fragment.length);
    });
    writeDocument(client.doc, model.schema, SUGGESTED);
    await retryUntil(async () => {
      const res = await exportOf(server, doc.id, doc.viewerToken, '?format=text&suggestions=marked');
      expect(res.text).toContain('Second');
    }, 15_000);
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
  });

  it('HTML: accepted by default (text replaced, paragraphs joined); as marked with <ins>/<del>, never the anchors', async () => {
    const accepted = await exportOf(server, doc.id, doc.viewerToken, '?format=html');
    expect(accepted.status).toBe(200);
    expect(bodyOf(accepted.text)).toBe('<p>Hello new worldSecond</p>');
    const explicit = await exportOf(server, doc.id, doc.viewerToken, '?format=html&suggestions=accepted');
    expect(explicit.text).toBe(accepted.text);

    const marked = await exportOf(server, doc.id, doc.viewerToken, '?format=html&suggestions=marked');
    expect(bodyOf(marked.text)).toBe(
      `<p>Hello <del data-suggestion="${ID}" data-author="Ada" class="suggestion suggestion-deletion">old </del>` +
        `<ins data-suggestion="${ID}" data-author="Ada" class="suggestion suggestion-insertion">new </ins>world</p>` +
        '<p>Second</p>',
    );
    expect(marked.text).not.toContain(SUGGESTION_ANCHOR_CHAR);
    expect(marked.text).not.toContain('&#8203;');
  });

  it('Markdown: the accepted text, or the changes as inline HTML <ins>/<del>', async () => {
    const accepted = await exportOf(server, doc.id, doc.editorToken, '?format=md');
    expect(accepted.text.trim()).toBe('Hello new worldSecond');
    const marked = await exportOf(server, doc.id, doc.editorToken, '?format=md&suggestions=marked');
    expect(marked.text).toContain(`<del data-suggestion="${ID}" data-author="Ada"`);
    expect(marked.text).toContain(`<ins data-suggestion="${ID}" data-author="Ada"`);
    expect(marked.text).toMatch(/world\n\nSecond/);
    expect(marked.text).not.toContain(SUGGESTION_ANCHOR_CHAR);
  });

  it('PDF: the accepted text only, or the deleted and the inserted text both', async () => {
    const accepted = await pdfText((await exportOf(server, doc.id, doc.viewerToken, '?format=pdf')).bytes);
    expect(accepted).toContain('Hello new worldSecond');
    expect(accepted).not.toContain('old');
    const markedRes = await exportOf(server, doc.id, doc.viewerToken, '?format=pdf&suggestions=marked');
    expect(markedRes.status).toBe(200);
    const marked = await pdfText(markedRes.bytes);
    expect(marked).toContain('old');
    expect(marked).toContain('new');
    expect(marked).not.toContain(SUGGESTION_ANCHOR_CHAR);
  });

  it('Word: plain runs when accepted; tracked changes (w:ins/w:del with the author) as marked', async () => {
    const accepted = await docxXml((await exportOf(server, doc.id, doc.viewerToken, '?format=docx')).bytes);
    expect(accepted).not.toMatch(/<w:(ins|del)\b/);
    expect(accepted).not.toContain('old');
    const marked = await docxXml(
      (await exportOf(server, doc.id, doc.viewerToken, '?format=docx&suggestions=marked')).bytes,
    );
    expect(marked).toMatch(/<w:del w:id="\d+" w:author="Ada"[^>]*>.*?<w:delText[^>]*>old <\/w:delText>/s);
    expect(marked).toMatch(/<w:ins w:id="\d+" w:author="Ada"[^>]*>.*?<w:t[^>]*>new <\/w:t>/s);
    expect(marked).not.toContain(SUGGESTION_ANCHOR_CHAR);
  });

  it('refuses any other value of suggestions with 400 VALIDATION_FAILED', async () => {
    for (const query of ['?suggestions=all', '?format=pdf&suggestions=', '?format=docx&suggestions=MARKED']) {
      const res = await exportOf(server, doc.id, doc.viewerToken, query);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
