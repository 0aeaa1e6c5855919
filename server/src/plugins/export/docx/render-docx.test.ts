import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { wordImportOptions } from '@shared/document/word/word-styles';
import { defaultEditorOptions } from '@shared/editor-options';
import { richDocumentJson } from '../../../../../tests/helpers/rich-document';
import { renderDocx } from './render-docx';

const model = createDocumentModel(defaultEditorOptions);

describe('renderDocx', { timeout: 30_000 }, () => {
  it('writes every node and mark of the model as Word content', async () => {
    const doc = model.schema.nodeFromJSON(richDocumentJson());
    const bytes = await renderDocx({ doc, title: 'Café', page: 'letter', images: {}, origin: 'https://t.example' });
    // Read as the editor's Word import reads it.
    const html = (await mammoth.convertToHtml({ buffer: bytes }, wordImportOptions())).value;
    for (const part of [
      '<h1>Title “é”</h1>',
      '<strong>bold</strong> <em>italic</em>',
      '<s>strike</s>',
      'H<sub>2</sub>O x<sup>2</sup>',
      '<a href="https://example.com/a?b=1&amp;c=2"><strong><em>bold link</em></strong></a>',
      '<br />“é” © → € 😀 &amp; &lt; &gt;',
      '<ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>',
      '<ol><li>three</li><li>four</li></ol>',
      'const a = 1 &lt; 2 &amp;&amp; "é";<br />  return a;',
      '<th><p>Head é</p></th>',
      '<td colspan="2"><p>merged &amp; &lt;wide&gt;</p><ul><li>in cell</li></ul></td>',
      '<em>[alt é]',
      '<a href="https://t.example/uploads/f.pdf">report é.pdf</a>',
    ]) {
      expect(html).toContain(part);
    }
    const zip = await JSZip.loadAsync(bytes);
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    // Letter, 20 mm and 10 mm margins (twips), colours, shading, fonts, the code block's grey.
    expect(xml).toContain('<w:pgSz w:w="12240" w:h="15840"');
    expect(xml).toMatch(/<w:pgMar w:top="567" w:right="1134" w:bottom="567" w:left="1134"/);
    expect(xml).toContain('<w:color w:val="E25041"/>');
    expect(xml).toMatch(/<w:shd [^>]*w:fill="FAC51C"/);
    expect(xml).toContain('w:ascii="Georgia"');
    expect(xml).toMatch(/<w:shd [^>]*w:fill="F5F5F5"/);
    expect(xml).toMatch(/<w:shd [^>]*w:fill="61BD6D"/);
    const numbering = (await zip.file('word/numbering.xml')?.async('string')) ?? '';
    expect(numbering).toContain('<w:numFmt w:val="lowerRoman"/>');
    expect(numbering).toContain('<w:start w:val="3"/>');
  });

  it('writes an embed card as a quote with its linked title, site, description and address', async () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'embedCard',
          attrs: {
            url: 'https://example.com/notes',
            title: 'Field notes',
            description: 'How a card is made.',
            image: '/uploads/0123456789abcdef0123456789abcdef.png',
            siteName: 'Example',
          },
        },
      ],
    });
    const bytes = await renderDocx({ doc, title: 'Cards', page: 'a4', images: {}, origin: 'https://t.example' });
    const html = (await mammoth.convertToHtml({ buffer: bytes }, wordImportOptions())).value;
    expect(html).toContain('<a href="https://example.com/notes"><strong>Field notes</strong></a>');
    expect(html).toContain('Example — How a card is made.');
    expect(html).toContain('<blockquote>');
  });

  it('writes an icon as its name in brackets, in its colour', async () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Call ' },
            { type: 'icon', attrs: { name: 'phone', color: '#2C82C9', size: null } },
          ],
        },
      ],
    });
    const bytes = await renderDocx({ doc, title: 'T', page: 'a4', images: {}, origin: null });
    const html = (await mammoth.convertToHtml({ buffer: bytes }, wordImportOptions())).value;
    expect(html).toContain('Call [phone]');
    const xml = (await (await JSZip.loadAsync(bytes)).file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('<w:color w:val="2C82C9"/>');
  });

  it('writes form controls as readable text: a box, a line to fill, the options listed', async () => {
    const doc = model.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'formControl', attrs: { control: 'checkbox', label: 'I agree', checked: true } },
        { type: 'formControl', attrs: { control: 'text', label: 'Name', required: true } },
        { type: 'formControl', attrs: { control: 'select', label: 'Colour', options: ['Red', 'Green'], value: 'Red' } },
      ],
    });
    const bytes = await renderDocx({ doc, title: 'T', page: 'a4', images: {}, origin: null });
    const html = (await mammoth.convertToHtml({ buffer: bytes }, wordImportOptions())).value;
    for (const part of ['[x] I agree', 'Name *: ______', 'Colour:', '[x] Red', '[ ] Green'])
      expect(html).toContain(part);
  });
});
