import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { MAX_HTML_DEPTH, sanitizeHtml } from './html';
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

describe('sanitizeHtml: editor schema', () => {
  for (const html of SCHEMA_FIXTURES) {
    it(`keeps ${html.slice(0, 60)}`, () => {
      expect(sanitizeHtml(html)).toBe(html);
    });
  }

  it('forces rel=noopener noreferrer on links opening a new tab', () => {
    expect(sanitizeHtml('<a href="https://a.b/" target="_blank">x</a>')).toBe(
      '<a href="https://a.b/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://a.b/" target="_top">x</a>')).toBe('<a href="https://a.b/">x</a>');
  });

  it('keeps only fr-* classes and allowed CSS properties', () => {
    expect(sanitizeHtml('<p class="fr-text-gray evil" style="position: fixed; text-align: right">a</p>')).toBe(
      '<p class="fr-text-gray" style="text-align: right">a</p>',
    );
    expect(sanitizeHtml('<img src="https://h/a.png" style="width: 50%; height: auto; float: left">')).toBe(
      '<img src="https://h/a.png" style="width: 50%; height: auto">',
    );
  });

  it('drops relative and non-http image and video sources', () => {
    expect(
      sanitizeHtml('<img src="/uploads/a.png"><img src="blob:https://h/1"><video src="file:///etc/passwd"></video>'),
    ).toBe('');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<div><p>a<font color="red">b</font></p><custom-el>c</custom-el></div>')).toBe('<p>ab</p>c');
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
    expect(out).toContain('x');
  });

  it('is idempotent on a mixed document', () => {
    const mixed = XSS_FIXTURES.map((f) => f.input).join('') + SCHEMA_FIXTURES.join('');
    const once = sanitizeHtml(mixed);
    expect(sanitizeHtml(once)).toBe(once);
    expectInert(once);
  });
});
