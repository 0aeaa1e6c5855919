// @vitest-environment node
// Parsed with jsdom: happy-dom's HTML parser differs from browsers' on foreign content (svg) and loads iframes.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '@shared/editor-options';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { exportBodyHtml } from '@shared/document/html/html-export';
import { unsafeParts } from '@shared/document/testing/test-corpus';
import { parseHtmlToDoc } from './code-view-session';

const model = createDocumentModel(defaultEditorOptions);
const entities = defaultEditorOptions.entities;
const { document } = new JSDOM('').window;

/** SECURITY.md's classes typed into the code view, beyond the mixed case in code-view-html.test.ts. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['script', '<script>alert(1)</script><p>a</p>'],
  [
    'event handlers on every kind of element',
    '<p onclick="alert(1)"><strong onmouseover="alert(2)">a</strong></p><table onload="alert(3)"><tr><td onfocus="alert(4)">b</td></tr></table>',
  ],
  ['javascript: in a link', '<p><a href="javascript:alert(1)">x</a></p>'],
  [
    'javascript: with mixed case, tab, line end and entities',
    '<p><a href="JaVa&#x09;Script&colon;alert(1)">x</a><a href=" &#14;javascript:alert(2)">y</a><a href="java\nscript:alert(3)">z</a></p>',
  ],
  ['javascript:// with an encoded line end', '<p><a href="javascript://%0Aalert(1)">x</a></p>'],
  [
    'data: and vbscript: links',
    '<p><a href="data:text/html;base64,PHNjcmlwdD4=">x</a><a href="vbscript:msgbox(1)">y</a></p>',
  ],
  [
    'javascript: in an image',
    '<p><img src="javascript:alert(1)" alt="a"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="b"></p>',
  ],
  [
    'javascript: in an image caption wrapper',
    '<p><span class="fr-img-caption"><span class="fr-img-wrap"><img src="javascript:alert(1)"><span class="fr-inner">c</span></span></span></p>',
  ],
  [
    'javascript: in a video and its poster',
    '<p><span class="fr-video"><video src="javascript:alert(1)" poster="javascript:alert(2)" onerror="alert(3)"></video></span></p>',
  ],
  ['javascript: in a source', '<p><video><source src="javascript:alert(1)"></video></p>'],
  ['javascript: in a file link', '<p><a class="fr-file" href="javascript:alert(1)">f.pdf</a></p>'],
  [
    'srcset, formaction, action',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form><p><img src="/uploads/a.png" srcset="javascript:alert(3) 1x"></p>',
  ],
  ['CSS url() in text styles', '<p><span style="color: red; background: url(https://evil.example/x)">a</span></p>'],
  [
    'CSS url() in blocks and cells',
    '<p style="background-image: url(javascript:alert(1))">a</p><table><tr><td style="background: url(https://evil.example/x)">b</td></tr></table>',
  ],
  ['CSS expression() and escapes', '<p><span style="width: expression(alert(1)); color: \\75 rl(x)">a</span></p>'],
  [
    'style element and import',
    '<style>@import url(https://evil.example/x.css); p { background: url(x) }</style><p>a</p>',
  ],
  [
    'iframe on another host',
    '<p><span class="fr-video"><iframe src="https://evil.example/embed/x"></iframe></span></p>',
  ],
  [
    'iframe with http or a look-alike host',
    '<p><iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://www.youtube.com.evil.example/embed/x"></iframe></p>',
  ],
  [
    'iframe srcdoc',
    '<p><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></p>',
  ],
  ['iframe javascript:', '<iframe src="javascript://%0Aalert(1)"></iframe>'],
  [
    'SVG with handlers and script',
    '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>x</text></a></svg>',
  ],
  ['SVG foreignObject', '<svg><foreignObject><img src="x" onerror="alert(1)"></foreignObject></svg>'],
  ['nested SVG mXSS', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  [
    'math mXSS',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['object and embed', '<object data="javascript:alert(1)"></object><embed src="data:image/svg+xml;base64,PHN2Zz4=">'],
  [
    'base and meta',
    '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>a</p>',
  ],
  ['template', '<template><img src=x onerror=alert(1)></template><p>a</p>'],
];

describe('hostile HTML typed into the code view', () => {
  it.each(HOSTILE)('%s: nothing of it reaches the document or its HTML', (_name, typed) => {
    const doc = parseHtmlToDoc(typed, model.schema, document);
    doc.check();
    const html = exportBodyHtml(doc, entities);
    expect(unsafeParts(doc, html, document)).toEqual([]);
    // What the view shows next reads back to itself (SECURITY.md: sanitize(x) === sanitize(sanitize(x))).
    expect(exportBodyHtml(parseHtmlToDoc(html, model.schema, document), entities)).toBe(html);
  });

  it('keeps the video embeds the allow-list names', () => {
    const doc = parseHtmlToDoc(
      '<p><span class="fr-video"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></span></p>',
      model.schema,
      document,
    );
    expect(exportBodyHtml(doc, entities)).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
  });
});
