import { describe, expect, it } from 'vitest';
import { normalizeLinkUrl, sanitizeHref } from './link-url';

// [typed into the form, expected href (or refusal reason)]
const accepted: Array<[string, string]> = [
  ['example.com', 'https://example.com'],
  ['www.example.de/path?q=1#x', 'https://www.example.de/path?q=1#x'],
  ['  https://example.com  ', 'https://example.com'],
  ['HTTPS://Example.com/A', 'https://Example.com/A'],
  ['http://example.com', 'http://example.com'],
  ['/pricing', '/pricing'],
  ['#top', '#top'],
  ['./docs/a.html', './docs/a.html'],
  ['//cdn.example.com/x', '//cdn.example.com/x'],
  ['me@x.io', 'mailto:me@x.io'],
  ['mailto:me@x.io?subject=Hi', 'mailto:me@x.io?subject=Hi'],
  ['tel:+4930123456', 'tel:+4930123456'],
  ['localhost:3000/x', 'https://localhost:3000/x'],
  ['example.com:8080', 'https://example.com:8080'],
  ['https://exa\nmple.com', 'https://example.com'],
  ['https://example.com/?a=1&amp;b=2', 'https://example.com/?a=1&amp;b=2'],
  ['https://example.com/search?q=javascript:alert(1)', 'https://example.com/search?q=javascript:alert(1)'],
];

const refused: Array<[string, 'empty' | 'scheme' | 'invalid']> = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['javascript:alert(1)', 'scheme'],
  ['JaVaScRiPt:alert(1)', 'scheme'],
  [' \u0001javascript:alert(1)', 'scheme'],
  ['java\tscript:alert(1)', 'scheme'],
  ['java\nscript:alert(1)', 'scheme'],
  ['java\u0000script:alert(1)', 'scheme'],
  ['java script:alert(1)', 'scheme'],
  ['jav&#x09;ascript:alert(1)', 'scheme'],
  ['&#106;avascript:alert(1)', 'scheme'],
  ['&#0000106avascript:alert(1)', 'scheme'],
  ['javascript&colon;alert(1)', 'scheme'],
  ['&amp;#106;avascript:alert(1)', 'scheme'],
  ['javascript%3Aalert(1)', 'scheme'],
  ['ｊａｖａｓｃｒｉｐｔ:alert(1)', 'scheme'],
  ['java\u200bscript:alert(1)', 'scheme'],
  ['javascript://example.com/%0Aalert(1)', 'scheme'],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'scheme'],
  ['vbscript:msgbox(1)', 'scheme'],
  ['file:///etc/passwd', 'scheme'],
  ['ftp://example.com', 'scheme'],
  ['blob:https://example.com/1', 'scheme'],
  ['https:example.com', 'invalid'],
  ['mailto:', 'invalid'],
  ['exa mple.com', 'invalid'],
];

describe('normalizeLinkUrl', () => {
  it.each(accepted)('accepts %j as %j', (input, href) => {
    expect(normalizeLinkUrl(input)).toMatchObject({ ok: true, href });
  });

  it.each(refused)('refuses %j (%s)', (input, error) => {
    expect(normalizeLinkUrl(input)).toEqual({ ok: false, error });
  });

  it('classifies links so that e-mail and phone links never get a target', () => {
    expect(normalizeLinkUrl('me@x.io')).toMatchObject({ kind: 'mail' });
    expect(normalizeLinkUrl('tel:+49')).toMatchObject({ kind: 'tel' });
    expect(normalizeLinkUrl('example.com')).toMatchObject({ kind: 'web' });
    expect(normalizeLinkUrl('/docs')).toMatchObject({ kind: 'relative' });
  });

  it('uses the configured prefix, and checks its result too', () => {
    expect(normalizeLinkUrl('example.com', 'http://')).toMatchObject({ href: 'http://example.com' });
    expect(normalizeLinkUrl('example.com', '')).toMatchObject({ ok: true, href: 'example.com', kind: 'relative' });
    expect(normalizeLinkUrl('alert(1)', 'javascript:')).toEqual({ ok: false, error: 'scheme' });
  });
});

describe('sanitizeHref (stored, pasted and remote hrefs)', () => {
  it('keeps allowed and relative hrefs, without prefixing', () => {
    expect(sanitizeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(sanitizeHref('example.com')).toBe('example.com');
    expect(sanitizeHref(' /docs\n')).toBe('/docs');
    expect(sanitizeHref('mailto:a@b.co')).toBe('mailto:a@b.co');
  });

  it('refuses every other scheme in any spelling, and empty values', () => {
    for (const [input] of refused.filter(([, e]) => e === 'scheme')) expect(sanitizeHref(input), input).toBeNull();
    expect(sanitizeHref('')).toBeNull();
    expect(sanitizeHref(null)).toBeNull();
    expect(sanitizeHref(undefined)).toBeNull();
  });
});
