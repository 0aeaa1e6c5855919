// @vitest-environment jsdom
// jsdom gives the HTML parts of Markdown a DOM to be parsed in (as the browser does).
import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { documentMarkdown } from './markdown';

const model = createDocumentModel(defaultEditorOptions);
const markdown = documentMarkdown(model);

const t = (text: string, marks?: JSONContent['marks']): JSONContent => ({
  type: 'text',
  text,
  ...(marks ? { marks } : {}),
});
const p = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const item = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });
const cell = (type: string, text: string, attrs?: Record<string, unknown>): JSONContent => ({
  type,
  ...(attrs ? { attrs } : {}),
  content: [p(t(text))],
});

const rich: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [t('Title')] },
    p(
      t('plain '),
      t('bold', [{ type: 'bold' }]),
      t(' '),
      t('italic', [{ type: 'italic' }]),
      t(' '),
      t('struck', [{ type: 'strike' }]),
      t(' '),
      t('code', [{ type: 'code' }]),
      t(' '),
      t('link', [{ type: 'link', attrs: { href: 'https://example.com/a' } }]),
      t(' '),
      t('red', [{ type: 'textStyle', attrs: { color: '#FF0000' } }]),
      t(' H'),
      t('2', [{ type: 'subscript' }]),
      t('O'),
    ),
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [item(p(t('three')), { type: 'bulletList', content: [item(p(t('nested')))] }), item(p(t('four')))],
    },
    {
      type: 'paragraph',
      attrs: { textAlign: 'center' },
      content: [t('centred with '), { type: 'image', attrs: { src: '/uploads/a.png', width: '300px', alt: 'Chart' } }],
    },
    { type: 'codeBlock', attrs: { language: 'js' }, content: [t('const x = 1;\n\nif (x) {}')] },
    { type: 'blockquote', content: [p(t('quoted'))] },
    { type: 'horizontalRule' },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'H1'), cell('tableHeader', 'H2')] },
        { type: 'tableRow', content: [cell('tableCell', 'a'), cell('tableCell', 'b')] },
      ],
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableCell', 'merged', { colspan: 2, background: '#FFFF00' })] },
        { type: 'tableRow', content: [cell('tableCell', 'c'), cell('tableCell', 'd')] },
      ],
    },
  ],
};

describe('document Markdown', () => {
  it('writes Markdown where Markdown can say it, and the model’s HTML where it cannot', () => {
    const md = markdown.serialize(model.schema.nodeFromJSON(rich));
    for (const expected of [
      '## Title',
      '**bold**',
      '*italic*',
      '~~struck~~',
      '`code`',
      '[link](https://example.com/a)',
      '<span style="color: #FF0000">red</span>',
      'H<sub>2</sub>O',
      '3. three',
      '   - nested',
      '4. four',
      '```js\nconst x = 1;\n\nif (x) {}\n```',
      '> quoted',
      '---',
      '| H1',
      '<table',
      'colspan="2"',
    ]) {
      expect(md).toContain(expected);
    }
    expect(md).toMatch(/<p style="text-align: center">centred with <img src="\/uploads\/a.png"[^>]*>/);
  });

  it('reads its own Markdown back to the same document, and writes that the same way again', () => {
    const doc = model.schema.nodeFromJSON(rich);
    const md = markdown.serialize(doc);
    const back = markdown.parse(md);
    expect(back.toJSON()).toEqual(doc.toJSON());
    expect(markdown.serialize(back)).toBe(md);
  });

  it('writes a nested list right under its item’s text (a tight list), else after an empty line', () => {
    const list = (type: string, attrs: Record<string, unknown> | null, ...items: JSONContent[]): JSONContent => ({
      type,
      ...(attrs ? { attrs } : {}),
      content: items,
    });
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        list(
          'bulletList',
          null,
          item(p(t('a')), list('bulletList', null, item(p(t('a1'))), item(p(t('a2'))))),
          item(p(t('b')), list('orderedList', null, item(p(t('b1'))))),
          // CommonMark lets only a list counting from 1 interrupt the text: one from 3 is after an empty line.
          item(p(t('c')), list('orderedList', { start: 3 }, item(p(t('c3'))))),
          item(p(t('d')), p(t('more'))),
        ),
      ],
    });
    const md = markdown.serialize(doc);
    expect(md).toBe('- a\n  - a1\n  - a2\n- b\n  1. b1\n- c\n\n  3. c3\n- d\n\n  more');
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });

  it('keeps hostile HTML in Markdown out of the document', () => {
    const doc = markdown.parse(
      '# Hi\n\n<script>alert(1)</script>\n\n<p onclick="alert(2)">a <a href="javascript:alert(3)">b</a></p>\n\n' +
        '[x](javascript:alert(4)) <img src="x" onerror="alert(5)">\n\n<iframe src="https://evil.example"></iframe>\n\n' +
        '<svg><script>alert(6)</script></svg>\n\n<span style="background: url(https://evil.example/x)">c</span>',
    );
    const json = JSON.stringify(doc.toJSON());
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'svg', 'url(', 'alert']) {
      expect(json).not.toContain(bad);
    }
    expect(doc.textContent).toContain('Hi');
    expect(doc.textContent).toContain('c');
  });

  it('writes an image as ![alt](src) with an attribute block of what differs from the defaults', () => {
    const image = (attrs: Record<string, unknown>): JSONContent => ({
      type: 'doc',
      content: [p(t('see '), { type: 'image', attrs: { src: '/uploads/a.png', ...attrs } })],
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'see ![](/uploads/a.png)'],
      [{ alt: 'A [chart]', width: '300px' }, 'see ![A \\[chart\\]](/uploads/a.png){width=300px}'],
      [
        { width: '50%', height: '120px', align: 'left', display: 'inline', classes: 'fr-rounded fr-bordered' },
        'see ![](/uploads/a.png){width=50% height=120px align=left display=inline .fr-rounded .fr-bordered}',
      ],
      [
        { caption: 'Q3 "final" <draft>', uploadId: 'u_1' },
        'see ![](/uploads/a.png){caption="Q3 \\"final\\" \\<draft>" upload=u_1}',
      ],
    ];
    for (const [attrs, expected] of cases) {
      const doc = model.schema.nodeFromJSON(image(attrs));
      expect(markdown.serialize(doc)).toBe(expected);
      expect(markdown.parse(expected).toJSON()).toEqual(doc.toJSON());
    }
    // pandoc's bare number is pixels; a `{` right after an image without a block gets an empty one.
    expect(markdown.parse('![](/uploads/a.png){width=300}').firstChild?.firstChild?.attrs.width).toBe('300px');
    const brace = model.schema.nodeFromJSON({
      type: 'doc',
      content: [p({ type: 'image', attrs: { src: '/uploads/a.png' } }, t('{not attributes}'))],
    });
    expect(markdown.serialize(brace)).toBe('![](/uploads/a.png){}{not attributes}');
    expect(markdown.parse(markdown.serialize(brace)).toJSON()).toEqual(brace.toJSON());
  });

  it('keeps text that looks like Markdown as text', () => {
    const texts = [
      '1. not a list',
      'a) nor this',
      '# no heading',
      '- no item',
      '+ nor',
      '| no table',
      '= no',
      'C++ and C++',
      'https://example.com/a_b and www.example.com',
      '{width=3}',
    ];
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: texts.map((text) => p(t(text))),
    });
    const md = markdown.serialize(doc);
    expect(md).toContain('1\\. not a list');
    expect(md).toContain('\\# no heading');
    expect(md).toContain('C+\\+ and C+\\+');
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });

  it('reads typed lists as the model has them: a start of 0, task boxes as text, blocks under an item', () => {
    const doc = markdown.parse(
      '0. zero\n1. one\n\n- [ ] task\n- [x] done\n\n3. a\n\n   > quote\n\n   ```js\n   x\n   ```',
    );
    const json = doc.toJSON() as JSONContent;
    expect(json.content?.[0]).toMatchObject({ type: 'orderedList', attrs: { start: 0 } });
    expect(doc.child(1).textContent).toBe('[ ] task[x] done');
    expect(doc.child(2).firstChild?.content.content.map((n) => n.type.name)).toEqual([
      'paragraph',
      'blockquote',
      'codeBlock',
    ]);
    expect(markdown.serialize(markdown.parse(markdown.serialize(doc)))).toBe(markdown.serialize(doc));
  });

  it('reads the model’s nested inline HTML as one piece (a coloured image caption)', () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        p(
          t('a '),
          {
            type: 'image',
            attrs: { src: '/uploads/a.png', caption: 'cap' },
            marks: [{ type: 'textStyle', attrs: { color: '#FF0000' } }],
          },
          t(' b', [{ type: 'textStyle', attrs: { color: '#FF0000' } }]),
        ),
      ],
    });
    const md = markdown.serialize(doc);
    expect(md).toMatch(/^a <span style="color: #FF0000"><span class="fr-img-caption/);
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });
});
