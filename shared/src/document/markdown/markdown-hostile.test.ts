// Hostile Markdown typed into the Markdown view (SECURITY.md's classes): nothing of it reaches the document
// or its HTML. Parsed with jsdom, as the browser parses the HTML parts of Markdown.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { renderFragmentHtml } from '../html/html-serializer';
import { documentMarkdown } from './markdown';
import { unsafeParts } from '../testing/test-corpus';

const model = createDocumentModel(defaultEditorOptions);
const { document } = new JSDOM('').window;
const markdown = documentMarkdown(model, model.schema, { document });

/** SECURITY.md's classes, each as Markdown syntax and as raw HTML in Markdown. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  // javascript:, data: and vbscript: in every Markdown URL: links, images, autolinks, references
  ['link', '[x](javascript:alert(1))'],
  ['link, mixed case', '[x](JaVaScRiPt:alert(1))'],
  ['link, entity in the scheme', '[x](&#106;avascript:alert(1))'],
  ['link, escaped colon', '[x](javascript&#58;alert(1))'],
  ['link, angle brackets and space', '[x](< javascript:alert(1)>)'],
  ['link, percent-encoded line end', '[x](javascript://%0Aalert(1))'],
  ['link, data: URL', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['link, vbscript:', '[x](vbscript:msgbox(1))'],
  ['link title', '[x](https://example.com "\\" onmouseover=\\"alert(1)")'],
  ['image', '![x](javascript:alert(1))'],
  ['image, data: SVG', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['image, vbscript:', '![x](vbscript:msgbox(1))'],
  ['autolink', '<javascript:alert(1)>'],
  ['autolink, data:', '<data:text/html;base64,PHNjcmlwdD4=>'],
  ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['reference image', '![x][r]\n\n[r]: data:image/svg+xml,<svg onload=alert(1)>'],
  ['linked image', '[![x](/uploads/a.png)](javascript:alert(1))'],
  // the image attribute block with hostile values
  [
    'image attributes',
    '![x](/uploads/a.png){width="expression(alert(1))" height=url(https://evil.example/x) onerror=alert(1) ' +
      'style="background:url(https://evil.example/x)" .evil align=javascript:alert(1) upload="../../etc"}',
  ],
  ['image attributes, caption with markup', '![x](/uploads/a.png){caption="<img src=x onerror=alert(1)>"}'],
  // raw HTML in Markdown: scripts, handlers, URLs, CSS, iframes, SVG, embeds, mXSS
  ['script', '<script>alert(1)</script>'],
  ['inline script', 'a <script>alert(1)</script> b'],
  ['event handler', '<p onclick="alert(1)">a</p>'],
  ['inline event handler', 'a <span onmouseover="alert(1)">b</span> c'],
  ['img onerror', 'a <img src="x" onerror="alert(1)"> b'],
  ['img onerror, block', '<img src="/uploads/a.png" onerror="alert(1)">'],
  ['a href', '<a href="javascript:alert(1)">x</a>'],
  ['a href, tab in the scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['a href, entities', '<a href="&#x6A;avascript&colon;alert(1)">x</a>'],
  ['CSS url()', '<span style="background: url(https://evil.example/x)">c</span>'],
  ['CSS url(), block', '<p style="background-image:url(javascript:alert(1))">c</p>'],
  ['CSS expression()', '<span style="color: expression(alert(1))">c</span>'],
  ['style element', '<style>@import url(https://evil.example/x.css); p { background: url(x) }</style>'],
  ['iframe, other host', '<iframe src="https://evil.example/"></iframe>'],
  ['iframe, javascript:', '<iframe src="javascript://%0Aalert(1)"></iframe>'],
  ['iframe, srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
  [
    'iframe, allowed host with handler',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
  ],
  ['SVG onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
  ['SVG script', '<svg><script>alert(1)</script></svg>'],
  ['SVG use', '<svg><use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/></svg>'],
  ['SVG in a list item', '- <svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['form', '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>'],
  ['base', '<base href="javascript:alert(1)//">'],
  ['video', '<video src="javascript:alert(1)" poster="javascript:alert(2)" onerror="alert(3)"></video>'],
  [
    'mXSS, math',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['mXSS, noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['HTML in a quote', '> <img src=x onerror=alert(1)>\n> <script>alert(1)</script>'],
  ['HTML in a table', '| a | b |\n| - | - |\n| <img src=x onerror=alert(1)> | <a href="javascript:alert(1)">x</a> |'],
];

describe('hostile Markdown typed into the Markdown view', () => {
  it('has a check that finds hostile attributes and markup (the control for the cases below)', () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    });
    const html = '<p><img src="x" onerror="alert(1)"><span style="background: url(x)">a</span></p><svg></svg>';
    expect(unsafeParts(doc, html, document)).toEqual([
      'link.href=javascript:alert(1)',
      '<img src=x>',
      '<img onerror>',
      '<span style=background: url(x)>',
      '<svg>',
    ]);
  });

  it.each(HOSTILE)('%s: nothing of it reaches the document or its HTML', (_name, typed) => {
    const doc = markdown.parse(typed);
    doc.check();
    const html = renderFragmentHtml(doc.content, model.schema);
    expect(unsafeParts(doc, html, document)).toEqual([]);
    // And again from the Markdown the document gives (what the view shows next).
    const again = markdown.parse(markdown.serialize(doc));
    expect(unsafeParts(again, renderFragmentHtml(again.content, model.schema), document)).toEqual([]);
  });

  it('keeps what the image attribute block allows, and only that', () => {
    const doc = markdown.parse(
      '![x](/uploads/a.png){width="expression(alert(1))" height=40 onerror=alert(1) .evil .fr-rounded align=left}',
    );
    const image = doc.firstChild?.firstChild;
    expect(image?.type.name).toBe('image');
    expect(image?.attrs).toMatchObject({ src: '/uploads/a.png', width: null, height: '40px', align: 'left' });
    expect(image?.attrs.classes).toBe('fr-rounded');
  });

  it('keeps HTML as literal text where there is no DOM to read it in (a server without jsdom)', () => {
    const withoutDom = documentMarkdown(model, model.schema, { document: undefined });
    const doc = withoutDom.parse('<img src=x onerror=alert(1)>\n\na <span onclick="alert(1)">b</span>');
    // Literal text is inert: its HTML is escaped.
    expect(unsafeParts(doc, renderFragmentHtml(doc.content, model.schema), document)).toEqual([]);
    expect(doc.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
