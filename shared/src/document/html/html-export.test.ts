import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { exportFileName } from './export-file-name';
import { encodeEntities, exportedBodyHtml, exportedDocument, htmlDocument } from './html-export';
import { renderFragmentHtml } from './html-serializer';

const entities = defaultEditorOptions.entities;
const { schema } = createDocumentModel(defaultEditorOptions);

describe('exportedDocument', () => {
  const p = (text?: string): Record<string, unknown> =>
    text === undefined ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text }] };
  const docOf = (...content: Array<Record<string, unknown>>) => schema.nodeFromJSON({ type: 'doc', content });
  const html = (doc: ReturnType<typeof docOf>): string => renderFragmentHtml(doc.content, schema);
  const list = { type: 'bulletList', content: [{ type: 'listItem', content: [p('item')] }] };
  const placeholder = { type: 'uploadPlaceholder', attrs: { key: 'k', kind: 'image', name: 'a.png', progress: 5 } };

  it('drops the empty paragraphs at the end (the editor’s trailing one) and keeps those between blocks', () => {
    const doc = docOf(p('a'), p(), p('b'), list, p(), p());
    expect(html(exportedDocument(doc))).toBe('<p>a</p><p></p><p>b</p><ul><li><p>item</p></li></ul>');
    // The document itself is not changed.
    expect(doc.childCount).toBe(6);
    expect(exportedBodyHtml(doc, entities)).toBe('<p>a</p><p></p><p>b</p><ul><li><p>item</p></li></ul>');
  });

  it('drops every empty paragraph of the document’s own for Markdown and plain text', () => {
    expect(html(exportedDocument(docOf(p(), p('a'), p(), p('b'), p()), { blankLines: false }))).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('keeps the one paragraph an empty document needs, and drops running uploads', () => {
    expect(html(exportedDocument(docOf(p(), p())))).toBe('<p></p>');
    expect(html(exportedDocument(docOf(p()), { blankLines: false }))).toBe('<p></p>');
    expect(html(exportedDocument(docOf(p('x'), { type: 'paragraph', content: [placeholder] })))).toBe('<p>x</p>');
  });
});

describe('encodeEntities', () => {
  it('writes the configured characters as named entities in text', () => {
    expect(encodeEntities('<p>"é" © →</p>', entities)).toBe('<p>&quot;&eacute;&quot; &copy; &rarr;</p>');
    expect(encodeEntities("<p>it's α≤β ♥</p>", entities)).toBe('<p>it&#39;s &alpha;&le;&beta; &hearts;</p>');
  });

  it('leaves tags, attributes, comments, style and script alone', () => {
    const html =
      '<p style="font-family: &quot;Times&quot;" title="café → ©">é</p><!-- é --><style>p::after{content:"é"}</style><script>"é"</script>';
    expect(encodeEntities(html, entities)).toBe(
      '<p style="font-family: &quot;Times&quot;" title="café → ©">&eacute;</p><!-- é --><style>p::after{content:"é"}</style><script>"é"</script>',
    );
    expect(encodeEntities('<a href="/x?a=1&b=2">a>b</a>', entities)).toBe('<a href="/x?a=1&b=2">a>b</a>');
  });

  it('encodes a bare & once and keeps existing references', () => {
    expect(encodeEntities('<p>A &amp; B &lt; C &#169; & D</p>', entities)).toBe(
      '<p>A &amp; B &lt; C &#169; &amp; D</p>',
    );
  });

  it('writes unnamed characters numerically and encodes only the configured ones', () => {
    expect(encodeEntities('<p>😀 é</p>', '😀')).toBe('<p>&#128512; é</p>');
    expect(encodeEntities('<p>"é"</p>', '')).toBe('<p>"é"</p>');
  });
});

describe('htmlDocument and exportFileName', () => {
  it('wraps the body in a small UTF-8 document', () => {
    const doc = htmlDocument('Notes <1> & "é"', '<p>x</p>', entities, 'de');
    expect(doc).toMatch(/^<!DOCTYPE html>\n<html lang="de">/);
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc).toContain('<title>Notes &lt;1&gt; &amp; &quot;&eacute;&quot;</title>');
    expect(doc).toContain('<body>\n<p>x</p>\n</body>');
  });

  it('makes a safe file name from the title', () => {
    expect(exportFileName('a/b: c?', 'Untitled', 'html')).toBe('a_b_ c_.html');
    expect(exportFileName('  ', 'Untitled', 'html')).toBe('Untitled.html');
    expect(exportFileName('..', 'document', 'txt')).toBe('document.txt');
    expect(exportFileName('Be\u202eric\u200b\u0007x', 'document', 'json')).toBe('Beric_x.json');
    expect(exportFileName('a\ud800b', 'document', 'txt')).toBe('ab.txt');
    expect(exportFileName('😀'.repeat(120), 'document', 'txt')).toBe(`${'😀'.repeat(100)}.txt`);
  });
});
