import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { exportHtml } from './features/html-export/write-html';
import { capabilities } from './capabilities';
import { extensionsOf } from './editor/core/capability';
import { defaultCapabilityContext } from './editor/core/capability-context';
import { coreExtensions } from './editor/core/create-editor';

/** An editor with the real schema: the core plus every registered capability (as the app builds it). */
function fullEditor(): Editor {
  return new Editor({
    extensions: [
      ...coreExtensions(new Y.Doc(), false, defaultCapabilityContext.options),
      ...capabilities.flatMap((c) => extensionsOf(c, defaultCapabilityContext)),
    ],
  });
}

/** One sample of every format of issue 3, as a user (or a paste, or the export) would bring it in. */
const SAMPLE = [
  '<h1 style="text-align: center; line-height: 1.5">Title</h1>',
  '<h4>Small heading</h4>',
  '<p class="fr-text-gray fr-text-uppercase" style="text-align: justify; line-height: 2">',
  '<strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s> <code>code</code> ',
  'H<sub>2</sub>O x<sup>2</sup> ',
  '<span style="color: #E25041">red</span> <span style="background-color: #FAC51C">marked</span> ',
  '<span style="font-family: Georgia, serif">serif</span> <span style="font-size: 24px">big</span> ',
  '<span class="fr-class-highlighted">highlighted</span> ',
  '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">link</a> ',
  '“é” © → € 😀</p>',
  '<ul style="list-style-type: square"><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul>',
  '<ol start="3" style="list-style-type: lower-roman"><li><p>three</p></li></ol>',
  '<blockquote><blockquote><p>quoted twice</p></blockquote></blockquote>',
  '<pre><code>const x = 1;</code></pre>',
  '<hr>',
  '<p>end</p>',
].join('');

/** What each capability must have kept in the HTML export. */
const KEPT: Array<[string, RegExp]> = [
  ['alignment', /<h1 style="[^"]*text-align: center/],
  ['line height', /line-height: 2/],
  ['heading 4', /<h4>Small heading<\/h4>/],
  ['paragraph styles', /class="fr-text-gray fr-text-uppercase"/],
  ['bold', /<strong>bold<\/strong>/],
  ['italic', /<em>italic<\/em>/],
  ['underline', /<u>underline<\/u>/],
  ['strike', /<s>strike<\/s>/],
  ['inline code', /<code>code<\/code>/],
  ['subscript', /<sub>2<\/sub>/],
  ['superscript', /<sup>2<\/sup>/],
  ['text colour', /color: #E25041/i],
  ['background colour', /background-color: #FAC51C/i],
  ['font family', /font-family: Georgia, serif/],
  ['font size', /font-size: 24px/],
  ['inline class', /<span class="fr-class-highlighted">highlighted<\/span>/],
  ['link', /<a [^>]*href="https:\/\/example\.com\/a\?b=1"[^>]*target="_blank"/],
  ['list type', /<ul style="list-style-type: square;?">/],
  ['nested list', /<ul[^>]*><li><p>one<\/p><ul>/],
  ['ordered list start and type', /<ol (?=[^>]*start="3")(?=[^>]*list-style-type: lower-roman)/],
  ['nested quote', /<blockquote><blockquote><p>quoted twice/],
  ['code block', /<pre><code>const x = 1;<\/code><\/pre>/],
  ['horizontal rule', /<hr>/],
  ['characters', /“é” © → € 😀/],
];

describe('HTML export of every capability', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));
  const make = (): Editor => {
    const editor = fullEditor();
    editors.push(editor);
    return editor;
  };

  it('keeps every format and round-trips: import(export(doc)) is the same document', () => {
    const first = make();
    first.commands.setContent(SAMPLE);
    const html = first.getHTML();
    for (const [name, pattern] of KEPT) expect(html, name).toMatch(pattern);

    const second = make();
    second.commands.setContent(html);
    expect(second.getJSON()).toEqual(first.getJSON());
    expect(second.getHTML()).toBe(html);
  });

  it('round-trips through the entity-encoded download too', () => {
    const first = make();
    first.commands.setContent(SAMPLE);
    const exported = exportHtml(first, defaultCapabilityContext);
    expect(exported).toContain('&eacute;');
    expect(exported).toContain('&copy;');
    expect(exported).toContain('&rarr;');
    const second = make();
    second.commands.setContent(exported);
    expect(second.getJSON()).toEqual(first.getJSON());
  });
});
