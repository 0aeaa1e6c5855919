// @vitest-environment node
// Parsed with jsdom: happy-dom's HTML parser differs from browsers' on foreign content (svg) and loads iframes.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '@shared/editor-options';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { exportBodyHtml } from '@shared/document/html/html-export';
import { htmlRoundTripOptions, randomDocument } from '@shared/document/testing/random-document';
import { formatHtml } from './code-view-format';
import { parseHtmlToDoc as parseIn } from './code-view-session';

const model = createDocumentModel(defaultEditorOptions);
const entities = defaultEditorOptions.entities;
const { document } = new JSDOM('').window;
const parseHtmlToDoc = (html: string, schema = model.schema) => parseIn(html, schema, document);

describe('code view HTML', () => {
  it('puts each block on its own line, indents nesting by two spaces and keeps inline markup on its line', () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello ' },
            { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
          ],
        },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
        },
      ],
    });
    expect(formatHtml(exportBodyHtml(doc, entities))).toBe(
      '<p>Hello <strong>bold</strong></p>\n<ul>\n  <li>\n    <p>one</p>\n  </li>\n</ul>\n',
    );
  });

  // The model's own HTML round trip runs on 300 seeds (shared); this adds the formatter's whitespace.
  it('reads back to the same document for 40 generated documents using every node and mark', () => {
    const options = htmlRoundTripOptions(defaultEditorOptions);
    for (let seed = 1; seed <= 40; seed++) {
      const doc = randomDocument(model.schema, seed, options);
      const shown = formatHtml(exportBodyHtml(doc, entities));
      const back = parseHtmlToDoc(shown, model.schema);
      if (!back.eq(doc)) throw new Error(`seed ${String(seed)}:\n${shown}\n${JSON.stringify(back.toJSON())}`);
      // Stable: formatting the read-back document gives the same text.
      expect(formatHtml(exportBodyHtml(back, entities))).toBe(shown);
    }
  }, 60_000);

  it('drops hostile markup typed into the view: scripts, handlers, javascript: links, iframes, SVG', () => {
    const doc = parseHtmlToDoc(
      '<script>alert(1)</script><p onclick="alert(2)">a<a href="javascript:alert(3)">b</a>' +
        '<img src="x" onerror="alert(4)"></p><iframe src="https://evil.example"></iframe>' +
        '<svg><script>alert(5)</script></svg><p style="background:url(https://evil.example/x)">c</p>',
      model.schema,
    );
    const html = exportBodyHtml(doc, entities);
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'svg', 'url(', 'alert']) {
      expect(html).not.toContain(bad);
    }
    expect(doc.textContent).toContain('a');
    expect(doc.textContent).toContain('c');
  });
});
