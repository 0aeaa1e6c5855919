import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultCapabilityContext } from '../../editor/capability-context';
import { createTestEditor } from '../../editor/test-editor';
import { encodeEntities, exportHtml } from './index';
import { fileNameOf, htmlDocument } from './html-entities.export';

const entities = defaultCapabilityContext.options.entities;

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

describe('exportHtml', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('exports encoded HTML that parses back into the same document', () => {
    ({ editor } = createTestEditor());
    const source =
      '<h2>Café "Ω" – 5 € → ∞</h2><p>A &amp; B &lt;tag&gt; ©</p><ul><li><p>naïve ♥ ‘x’</p></li></ul><pre><code>if (a &lt; b) "é"</code></pre>';
    editor.commands.setContent(source);
    const before = editor.getJSON();
    const exported = exportHtml(editor, defaultCapabilityContext);
    expect(exported).toContain('Caf&eacute; &quot;&Omega;&quot; &ndash; 5 &euro; &rarr; &infin;');
    expect(exported).toContain('A &amp; B &lt;tag&gt; &copy;');
    editor.commands.setContent(exported);
    expect(editor.getJSON()).toEqual(before);
  });

  it('wraps it in a small UTF-8 document with a safe file name', () => {
    const doc = htmlDocument('Notes <1> & "é"', '<p>x</p>', entities, 'de');
    expect(doc).toMatch(/^<!DOCTYPE html>\n<html lang="de">/);
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc).toContain('<title>Notes &lt;1&gt; &amp; &quot;&eacute;&quot;</title>');
    expect(doc).toContain('<body>\n<p>x</p>\n</body>');
    expect(fileNameOf('a/b: c?', 'Untitled')).toBe('a_b_ c_.html');
    expect(fileNameOf('  ', 'Untitled')).toBe('Untitled.html');
  });
});
