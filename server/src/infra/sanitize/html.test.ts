import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { MAX_HTML_DEPTH, sanitizeHtml, tagsOfRules } from './html';
import { SCHEMA_FIXTURES, XSS_FIXTURES } from './xss-fixtures';

/** Every attribute of the sanitized output parsed again, for generic safety checks. */
function attributes(html: string): Array<{ tag: string; name: string; value: string }> {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  return [...doc.body.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => ({ tag: el.nodeName.toLowerCase(), name: a.name, value: a.value })),
  );
}

function expectInert(html: string): void {
  expect(html).not.toMatch(/<(?:script|svg|math|style|object|embed|template|noscript|form)\b/i);
  for (const { tag, name, value } of attributes(html)) {
    expect(name).not.toMatch(/^on/i);
    expect(['id', 'name', 'srcdoc', 'srcset', 'poster', 'autoplay']).not.toContain(name);
    if (name === 'href' || name === 'src')
      expect(value.replace(/[\s\u0000-\u001f]/g, '')).not.toMatch(/^(?:javascript|vbscript|data):/i);
    if (tag === 'iframe' && name === 'sandbox') expect(value).not.toMatch(/allow-top-navigation|allow-forms/);
    if (name === 'style') expect(value).not.toMatch(/url\(|expression/i);
  }
}

describe('sanitizeHtml: XSS fixtures', () => {
  for (const fixture of XSS_FIXTURES) {
    it(fixture.name, () => {
      const out = sanitizeHtml(fixture.input);
      expect(out).toBe(fixture.expected);
      expectInert(out);
      expect(sanitizeHtml(out)).toBe(out);
    });
  }
});

describe('sanitizeHtml: the document model decides', () => {
  for (const html of SCHEMA_FIXTURES) {
    it(`keeps ${html.slice(0, 60)}`, () => {
      expect(sanitizeHtml(html)).toBe(html);
    });
  }

  it('forces rel=noopener on links opening a new tab and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://a.b/" target="_blank">x</a>')).toBe(
      '<p><a href="https://a.b/" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
    expect(sanitizeHtml('<a href="https://a.b/" target="_top">x</a>')).toBe('<p><a href="https://a.b/">x</a></p>');
  });

  it("keeps only the model's classes and the CSS its attributes hold", () => {
    expect(sanitizeHtml('<p class="fr-text-gray evil" style="position: fixed; text-align: right">a</p>')).toBe(
      '<p class="fr-text-gray" style="text-align: right">a</p>',
    );
    expect(sanitizeHtml('<img src="https://h/a.png" style="width: 50%; height: auto; float: left">')).toBe(
      '<p><img src="https://h/a.png" class="fr-fic fr-dib" style="width: 50%;" alt=""></p>',
    );
    expect(sanitizeHtml('<span style="color: rgb(255, 0, 0); font-size: 20PX; position: absolute">r</span>')).toBe(
      '<p><span style="font-size: 20px; color: #FF0000">r</span></p>',
    );
  });

  it('reads a paragraph style the configured way: other deployments keep other classes', () => {
    const options = {
      ...defaultEditorOptions,
      paragraphStyles: [{ label: 'Note', value: 'note' }],
    };
    expect(sanitizeHtml('<p class="note fr-text-gray">a</p>', options)).toBe('<p class="note">a</p>');
    expect(sanitizeHtml('<p class="note fr-text-gray">a</p>')).toBe('<p class="fr-text-gray">a</p>');
  });

  it('keeps our upload paths and http(s) media, drops other sources', () => {
    expect(
      sanitizeHtml('<img src="/uploads/a.png"><img src="blob:https://h/1"><video src="file:///etc/passwd"></video>'),
    ).toBe('<p><img src="/uploads/a.png" class="fr-fic fr-dib" alt=""></p>');
  });

  it('unwraps unknown elements, keeping their text in blocks', () => {
    expect(sanitizeHtml('<div><p>a<font color="red">b</font></p><custom-el>c</custom-el></div>')).toBe(
      '<p>ab</p><p>c</p>',
    );
    expect(sanitizeHtml('plain <b>text</b>')).toBe('<p>plain <strong>text</strong></p>');
    expect(sanitizeHtml('')).toBe('<p></p>');
  });

  it('keeps tables as the model has them: header cells, spans, alignments; hostile cell values go', () => {
    expect(
      sanitizeHtml(
        '<table style="width: 100%; position: fixed" class="fr-dashed-borders evil" onclick="x()"><tbody><tr><th colspan="2">h</th></tr><tr><td style="text-align: right; background: url(https://evil.example/a)">1</td><td><p>2</p><ul><li>3</li></ul></td></tr></tbody></table>',
      ),
    ).toBe(
      '<table class="fr-dashed-borders" style="width: 100%"><colgroup><col style="width: 50%"><col style="width: 50%"></colgroup><tbody><tr><th colspan="2"><p>h</p></th></tr><tr><td style="text-align: right"><p>1</p></td><td><p>2</p><ul><li><p>3</p></li></ul></td></tr></tbody></table>',
    );
  });

  it('derives the first pass from the model: the elements its parse rules match', () => {
    const tags = tagsOfRules(PmDOMParser.fromSchema(createDocumentModel(defaultEditorOptions).schema));
    for (const tag of [
      'p',
      'h1',
      'h6',
      'blockquote',
      'ul',
      'ol',
      'li',
      'pre',
      'code',
      'hr',
      'br',
      'img',
      'span',
      'a',
    ]) {
      expect(tags).toContain(tag);
    }
    for (const tag of ['iframe', 'video', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'strike', 'sub', 'sup']) {
      expect(tags).toContain(tag);
    }
    for (const tag of ['table', 'tr', 'td', 'th']) expect(tags).toContain(tag);
  });
});

describe('sanitizeHtml: structure', () => {
  it(`caps nesting at ${MAX_HTML_DEPTH} levels, keeping the text`, () => {
    const deep = `${'<blockquote>'.repeat(500)}deep${'</blockquote>'.repeat(500)}`;
    const out = sanitizeHtml(deep);
    expect(out.match(/<blockquote>/g)?.length).toBe(MAX_HTML_DEPTH);
    expect(out).toContain('deep');
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('does not overflow the stack on very deep input', () => {
    const out = sanitizeHtml(`${'<span>'.repeat(20_000)}x${'</span>'.repeat(20_000)}`);
    expect(out).toBe('<p>x</p>');
  });

  it('is idempotent on a mixed document', () => {
    const mixed = XSS_FIXTURES.map((f) => f.input).join('') + SCHEMA_FIXTURES.join('');
    const once = sanitizeHtml(mixed);
    expect(sanitizeHtml(once)).toBe(once);
    expectInert(once);
  });
});
