import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportedJson, ProseMirrorJson } from '@shared/api/export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { exportBodyHtml, htmlDocument } from '@shared/document/html/html-export';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import { defaultEditorOptions } from '@shared/editor-options';
import { api, createDoc } from '../helpers/api';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { RICH_TITLE, richDocumentJson, writeDocument } from '../helpers/rich-document';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';
import { renderText } from '../../server/src/plugins/export/text/render-text';

const model = createDocumentModel(defaultEditorOptions);
const entities = defaultEditorOptions.entities;

/** The body of an exported HTML document (between `<body>\n` and `\n</body>`). */
const bodyOf = (html: string): string => html.slice(html.indexOf('<body>\n') + 7, html.lastIndexOf('\n</body>'));

/** The rich document without its upload placeholder (no export contains a running upload). */
function withoutPlaceholder(json: ProseMirrorJson): ProseMirrorJson {
  const content = json.content?.filter((c) => c.type !== 'uploadPlaceholder').map(withoutPlaceholder);
  return content ? { ...json, content } : json;
}

interface Exported {
  status: number;
  type: string | null;
  disposition: string | null;
  cache: string | null;
  body: string;
}

async function exportOf(server: TestServer, id: string, token: string | null, query = ''): Promise<Exported> {
  const res = await fetch(`${server.url}/api/documents/${id}/export${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    cache: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

describe('GET /api/documents/:id/export', () => {
  let server: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
  });

  /** A document holding the rich document, written by a real y-websocket client as the editor writes it. */
  async function richDocument(): Promise<{ id: string; editorToken: string; viewerToken: string }> {
    const doc = await createDoc(server.url, RICH_TITLE);
    const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
    clients.push(client);
    await waitSynced(client);
    writeDocument(client.doc, model.schema);
    return doc;
  }

  const source = model.schema.nodeFromJSON(withoutPlaceholder(richDocumentJson()));

  it('exports HTML exactly as the editor writes it: every node, mark and attribute, entities, title', async () => {
    const doc = await richDocument();
    const expected = htmlDocument(RICH_TITLE, exportBodyHtml(source, entities), entities, 'en');
    const res = await retryUntil(async () => {
      const r = await exportOf(server, doc.id, doc.editorToken);
      expect(r.body).toBe(expected);
      return r;
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html; charset=utf-8');
    expect(res.cache).toBe('no-store');
    expect(res.disposition).toBe(
      `attachment; filename="Caf_ & _Notes_ ___ _.html"; filename*=UTF-8''Caf%C3%A9%20%26%20_Notes_%20_%CE%B1_%20%C2%A9.html`,
    );
    // What the model renders, spelled out (the comparison above is with the same renderer).
    for (const part of [
      '<title>Caf&eacute; &amp; &lt;Notes&gt; &quot;&alpha;&quot; &copy;</title>',
      '<h1 class="fr-text-gray" style="line-height: 1.5; text-align: center">Title &ldquo;&eacute;&rdquo;</h1>',
      '<p class="fr-text-gray fr-text-bordered" style="line-height: 2; text-align: justify"><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <code>code()</code> H<sub>2</sub>O x<sup>2</sup> ',
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer" title="A “title”"><strong><em>bold link</em></strong></a>',
      '<span style="font-family: Georgia, serif; font-size: 24px; color: #E25041; background-color: #FAC51C; letter-spacing: 2px" class="fr-class-highlighted">styled</span><br>',
      '&ldquo;&eacute;&rdquo; &copy; &rarr; &euro; 😀 &amp; &lt; &gt; &lsquo;x&rsquo; &ndash; &alpha;</p>',
      '<ul style="list-style-type: square"><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul>',
      '<ol style="list-style-type: lower-roman" start="3" type="i"><li><p>three</p></li>',
      '<blockquote><p>quoted</p><blockquote><p>twice</p></blockquote></blockquote>',
      '<pre><code class="language-typescript">const a = 1 &lt; 2 &amp;&amp; &quot;&eacute;&quot;;\n  return a;</code></pre><hr>',
      '<span class="fr-img-caption fr-fil fr-dii" style="width: 300px; height: 200px;"><span class="fr-img-wrap"><img src="/uploads/abc.png" class="fr-rounded fr-shadow" alt="alt é" data-id="u1"><span class="fr-inner">A caption &amp; more</span></span></span>',
      '<img src="https://example.com/pic.png" class="fr-fir fr-dib" style="width: 50%;" alt="">',
      '<span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe></span>',
      '<span class="fr-video fr-dvi fr-fvr" contenteditable="false"><video src="/uploads/v.mp4" controls="" preload="metadata" style="width: 600px;" data-id="u2"></video></span>',
      '<p>File: <a href="/uploads/f.pdf" class="fr-file" data-size="1234" data-type="application/pdf" data-id="u3">report &eacute;.pdf</a> end</p>',
    ]) {
      expect(res.body).toContain(part);
    }
    expect(res.body).not.toContain('data-upload-placeholder');
  });

  it('exports the plain text of every block, and the JSON of the model', async () => {
    const doc = await richDocument();
    const text = renderText(source);
    const asText = await retryUntil(async () => {
      const r = await exportOf(server, doc.id, doc.viewerToken, '?format=text');
      expect(r.body).toBe(text);
      return r;
    });
    expect(asText.type).toBe('text/plain; charset=utf-8');
    expect(asText.disposition).toMatch(/^attachment; filename="Caf_ & _Notes_ ___ _\.txt"; filename\*=UTF-8''.+\.txt$/);
    expect(asText.body).toMatch(/^Title “é”\n\nbold italic under strike code\(\) H2O x2 link bold link styled\n“é”/);
    // Lists one item per line with their bullets and numbers; a table one row per line.
    expect(asText.body).toContain('Lists\n\n▪ one\n  ◦ nested\n▪ two\n\niii. three\niv. four\n\nquoted\n\ntwice');
    expect(asText.body).toContain('Head é\tOther\nmerged & <wide> • in cell\na\t\n\nImages: alt é');
    expect(asText.body).not.toMatch(/\n\n\n/);
    expect(asText.body).toContain('File: report é.pdf end');

    const asJson = await exportOf(server, doc.id, doc.viewerToken, '?format=json');
    expect(asJson.status).toBe(200);
    expect(asJson.type).toBe('application/json; charset=utf-8');
    expect(asJson.disposition).toMatch(/filename\*=UTF-8''.+\.json$/);
    const json = JSON.parse(asJson.body) as ExportedJson;
    expect(json.title).toBe(RICH_TITLE);
    expect(json.doc).toEqual(source.toJSON());
    // The JSON is a valid document of the model.
    expect(() => model.schema.nodeFromJSON(json.doc).check()).not.toThrow();
  });

  it('exports Markdown by the model’s rules: Markdown where it can say it, the model’s HTML elsewhere', async () => {
    const doc = await richDocument();
    const expected = documentMarkdown(model).serialize(source);
    const res = await retryUntil(async () => {
      const r = await exportOf(server, doc.id, doc.viewerToken, '?format=md');
      expect(r.body).toBe(expected);
      return r;
    });
    expect(res.type).toBe('text/markdown; charset=utf-8');
    expect(res.disposition).toMatch(/filename\*=UTF-8''.+\.md$/);
    for (const part of [
      '### Lists',
      '> quoted\n>\n> > twice',
      '```typescript\nconst a = 1 < 2 && "é";\n  return a;\n```',
      '\n---\n',
      'H<sub>2</sub>O',
      '<ol style="list-style-type: lower-roman" start="3" type="i">',
      '<table class="fr-dashed-borders fr-alternate-rows"',
    ]) {
      expect(res.body).toContain(part);
    }
    expect(res.body).not.toContain('data-upload-placeholder');
  });

  it('reads a document that is not loaded (after its last client left) without changing it', async () => {
    const doc = await richDocument();
    const expected = htmlDocument(RICH_TITLE, exportBodyHtml(source, entities), entities, 'en');
    await retryUntil(async () => expect((await exportOf(server, doc.id, doc.editorToken)).body).toBe(expected));
    const written = clients.at(-1)?.doc.getXmlFragment('default').toString();
    for (const c of clients.splice(0)) c.destroy();
    await retryUntil(() => expect(server.app.collab.isOpen(doc.id)).toBe(false));
    const cold = await exportOf(server, doc.id, doc.viewerToken, '?format=html');
    expect(cold.body).toBe(expected);
    // A reader sees the same document afterwards: the export wrote nothing.
    const reader = connectClient(server.collabUrl, doc.id, doc.viewerToken);
    clients.push(reader);
    await waitSynced(reader);
    expect(reader.doc.getXmlFragment('default').toString()).toBe(written);
    expect(reader.closeCodes).toEqual([]);
  });

  /**
   * A document as the editor leaves it: an empty paragraph between two, nested and ordered lists, and the
   * empty paragraph the editor keeps after a last list (Tiptap's trailing node) to type in.
   */
  const tidyJson = (): ProseMirrorJson => {
    const p = (value?: string): ProseMirrorJson =>
      value === undefined ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text: value }] };
    const item = (...content: ProseMirrorJson[]): ProseMirrorJson => ({ type: 'listItem', content });
    return {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Title' }] },
        p('First'),
        p(),
        p('Second'),
        {
          type: 'bulletList',
          content: [item(p('one'), { type: 'bulletList', content: [item(p('nested'))] }), item(p('two'))],
        },
        { type: 'orderedList', content: [item(p('x')), item(p('y'))] },
        p(),
      ],
    };
  };

  it('exports tidily: list items one per line, no blank-line runs, no trailing empty paragraph', async () => {
    const doc = await createDoc(server.url, 'Tidy');
    const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
    clients.push(client);
    await waitSynced(client);
    writeDocument(client.doc, model.schema, tidyJson());
    const text = await retryUntil(async () => {
      const r = await exportOf(server, doc.id, doc.viewerToken, '?format=text');
      expect(r.body).toContain('y');
      return r.body;
    });
    expect(text).toBe('Title\n\nFirst\n\nSecond\n\n• one\n  ◦ nested\n• two\n\n1. x\n2. y');

    const md = (await exportOf(server, doc.id, doc.viewerToken, '?format=md')).body;
    expect(md).toBe('# Title\n\nFirst\n\nSecond\n\n- one\n  - nested\n- two\n\n1. x\n2. y');

    const html = bodyOf((await exportOf(server, doc.id, doc.viewerToken, '?format=html')).body);
    // The empty paragraph between two stays (HTML holds it); the one the editor keeps at the end does not.
    expect(html).toBe(
      '<h1>Title</h1><p>First</p><p></p><p>Second</p><ul><li><p>one</p><ul><li><p>nested</p></li></ul></li>' +
        '<li><p>two</p></li></ul><ol><li><p>x</p></li><li><p>y</p></li></ol>',
    );

    const json = JSON.parse((await exportOf(server, doc.id, doc.viewerToken, '?format=json')).body) as ExportedJson;
    expect(json.doc.content?.map((node) => node.type)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'bulletList',
      'orderedList',
    ]);
  });

  it('names an untitled document "document" and titles its HTML "Untitled"', async () => {
    const doc = await createDoc(server.url, '');
    const res = await exportOf(server, doc.id, doc.editorToken);
    expect(res.status).toBe(200);
    expect(res.disposition).toBe(`attachment; filename="document.html"; filename*=UTF-8''document.html`);
    expect(res.body).toBe(htmlDocument('Untitled', '<p></p>', entities, 'en'));
  });

  it('answers missing access, unknown documents, deleted documents and unknown formats with typed errors', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const deleted = await createDoc(server.url);
    expect(
      (await api(server.url, 'DELETE', `/api/documents/${deleted.id}`, { token: deleted.editorToken })).status,
    ).toBe(200);
    const cases: Array<[string, string | null, string, number, string]> = [
      [doc.id, null, '', 401, 'UNAUTHORIZED'],
      [doc.id, 'nonsense', '', 401, 'UNAUTHORIZED'],
      [doc.id, other.viewerToken, '', 401, 'UNAUTHORIZED'],
      ['unknown-doc', ADMIN_TOKEN, '', 404, 'DOC_NOT_FOUND'],
      [deleted.id, deleted.viewerToken, '', 410, 'DOC_DELETED'],
      [doc.id, doc.editorToken, '?format=odt', 400, 'VALIDATION_FAILED'],
      [doc.id, doc.editorToken, '?format=pdf&page=a3', 400, 'VALIDATION_FAILED'],
      [doc.id, doc.editorToken, '?format=', 400, 'VALIDATION_FAILED'],
      ['bad%20id', doc.editorToken, '', 400, 'VALIDATION_FAILED'],
    ];
    for (const [id, token, query, status, code] of cases) {
      const res = await exportOf(server, id, token, query);
      expect({ id, query, status: res.status }).toEqual({ id, query, status });
      expect((JSON.parse(res.body) as { code: string }).code).toBe(code);
    }
    expect((await exportOf(server, doc.id, ADMIN_TOKEN, '?format=text')).status).toBe(200);
  });
});
