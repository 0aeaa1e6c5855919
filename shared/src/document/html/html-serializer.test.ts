import { DOMSerializer } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { renderFragmentHtml } from './html-serializer';

const { schema } = createDocumentModel(defaultEditorOptions);
const render = (json: unknown): string => renderFragmentHtml(schema.nodeFromJSON(json).content, schema);
const paragraph = (...content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });

describe('renderFragmentHtml', () => {
  it('escapes text and attribute values as the HTML serializer does, < and > in attributes too', () => {
    const html = render(
      paragraph({
        type: 'text',
        text: 'a < b > c & "d" \u00a0e',
        marks: [{ type: 'link', attrs: { href: 'https://x.y/?a=1&b=2', title: '<"t"> & \u00a0' } }],
      }),
    );
    expect(html).toBe(
      '<p><a href="https://x.y/?a=1&amp;b=2" title="&lt;&quot;t&quot;&gt; &amp; &nbsp;">a &lt; b &gt; c &amp; "d" &nbsp;e</a></p>',
    );
  });

  it('writes void elements without end tag and styles exactly as the model renders them (no CSSOM)', () => {
    const html = render(
      paragraph(
        {
          type: 'text',
          text: 'x',
          marks: [{ type: 'textStyle', attrs: { color: '#E25041', inlineStyle: 'text-shadow: 1px 1px 2px #000' } }],
        },
        { type: 'hardBreak' },
        { type: 'image', attrs: { src: '/uploads/a.png', width: '10px' } },
      ),
    );
    expect(html).toBe(
      '<p><span style="color: #E25041; text-shadow: 1px 1px 2px #000">x</span><br><img src="/uploads/a.png" class="fr-fic fr-dib" style="width: 10px;" alt=""></p>',
    );
  });

  it('writes what a browser DOM would write for the same tree, apart from style rewriting', () => {
    const json = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: 'right' }, content: [{ type: 'text', text: 'T & <t>' }] },
        { type: 'codeBlock', attrs: { language: 'js' }, content: [{ type: 'text', text: 'if (a < b) {\n}' }] },
        { type: 'horizontalRule' },
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph().content[0]] }] },
      ],
    };
    const node = schema.nodeFromJSON(json);
    const { document } = new JSDOM('').window;
    const container = document.createElement('div');
    // Reference: ProseMirror's DOMSerializer into jsdom (its CSSOM keeps `text-align: right;` with a semicolon).
    container.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(node.content, { document }));
    expect(renderFragmentHtml(node.content, schema)).toBe(
      container.innerHTML.replace('text-align: right;', 'text-align: right'),
    );
  });
});
