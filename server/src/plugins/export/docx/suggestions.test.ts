import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { exportedDocument } from '@shared/document/html/html-export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { renderDocx } from './render-docx';

const { schema } = createDocumentModel(defaultEditorOptions);
const ID = 'sugg_0123456789ab';

const suggested = schema.nodeFromJSON({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Keep ' },
        { type: 'text', text: 'old', marks: [{ type: 'deletion', attrs: { id: ID, author: 'Ada & <Lovelace>' } }] },
        { type: 'text', text: 'new', marks: [{ type: 'insertion', attrs: { id: ID, author: 'Ada & <Lovelace>' } }] },
        { type: 'text', text: '!', marks: [{ type: 'insertion', attrs: { id: 'sugg_nobody_00001', author: null } }] },
      ],
    },
  ],
});

async function documentXml(suggestions: 'accepted' | 'marked'): Promise<string> {
  const bytes = await renderDocx({
    doc: exportedDocument(suggested, { comments: true, suggestions }),
    title: 'Suggestions',
    page: 'a4',
    images: {},
    origin: null,
  });
  const zip = await JSZip.loadAsync(bytes);
  return (await zip.file('word/document.xml')?.async('string')) ?? '';
}

describe('suggestions in the Word export', { timeout: 30_000 }, () => {
  it('as marked: Word tracked changes with their authors, deleted text as w:delText', async () => {
    const xml = await documentXml('marked');
    expect(xml).toMatch(
      /<w:del w:id="\d+" w:author="Ada &amp; &lt;Lovelace&gt;"[^>]*>.*?<w:delText[^>]*>old<\/w:delText>/s,
    );
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="Ada &amp; &lt;Lovelace&gt;"[^>]*>.*?<w:t[^>]*>new<\/w:t>/s);
    expect(xml).toMatch(/<w:ins w:id="\d+" w:author="Unknown"/);
    expect(xml).not.toContain('w:date=""');
    const ids = [...xml.matchAll(/<w:(?:ins|del) w:id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('accepted (the default): plain runs of the accepted text, no tracked change', async () => {
    const xml = await documentXml('accepted');
    expect(xml).not.toMatch(/<w:(ins|del)\b/);
    expect(xml).not.toContain('old');
    expect(xml).toContain('>Keep new!</w:t>');
  });
});
