import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { renderDocx } from './render-docx';

const model = createDocumentModel(defaultEditorOptions);
const schema = model.schema;

const text = (value: string, threads: string[]) => ({
  type: 'text',
  text: value,
  marks: threads.map((thread) => ({ type: 'comment', attrs: { thread } })),
});

async function partsOf(bytes: Buffer): Promise<{ document: string; comments: string; extended: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
  return {
    document: await read('word/document.xml'),
    comments: await read('word/comments.xml'),
    extended: await read('word/commentsExtended.xml'),
  };
}

describe('Word comments', { timeout: 30_000 }, () => {
  it('writes each anchored thread as a Word comment over its text, with replies and the resolved state', async () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            text('Hello ', []),
            text('brave ', ['thread-one-1']),
            text('new', ['thread-one-1', 'thread-two-2']),
          ],
        },
        { type: 'paragraph', content: [text(' world', ['thread-two-2'])] },
      ],
    });
    const at = Date.UTC(2026, 10, 29, 10, 0);
    const bytes = await renderDocx({
      doc,
      title: 'Comments',
      page: 'a4',
      images: {},
      origin: null,
      comments: [
        {
          id: 'thread-one-1',
          resolved: false,
          comments: [
            { author: 'Ada Lovelace', createdAt: at, body: 'Is "brave" right?\nSecond line' },
            { author: 'Bob', createdAt: at + 60_000, body: 'Yes & <fine>' },
          ],
        },
        { id: 'thread-two-2', resolved: true, comments: [{ author: 'Bob', createdAt: at, body: 'Done.' }] },
        { id: 'orphaned-3', resolved: false, comments: [{ author: 'Cy', createdAt: at, body: 'Gone anchor' }] },
      ],
    });
    const { document, comments, extended } = await partsOf(bytes);
    // Thread one: ids 0 (opening) and 1 (reply); thread two: id 2, its range ends at its paragraph's end.
    expect(document).toMatch(/<w:commentRangeStart w:id="0"\/>.*brave.*<w:commentRangeStart w:id="2"\/>.*new/s);
    expect(document).toMatch(/<w:commentRangeEnd w:id="0"\/>.*<w:commentReference w:id="0"\/>/s);
    expect(document).toMatch(/<w:commentRangeEnd w:id="2"\/>.*<w:commentReference w:id="2"\/>/s);
    expect(document).not.toContain('w:id="3"');
    expect(comments).toContain('w:author="Ada Lovelace"');
    expect(comments).toContain('w:initials="AL"');
    expect(comments).toContain('Is &quot;brave&quot; right?');
    expect(comments).toContain('Second line');
    expect(comments).toContain('Yes &amp; &lt;fine&gt;');
    expect(comments).toContain('Done.');
    expect(comments).not.toContain('Gone anchor');
    // The reply is threaded under the opening comment; the resolved thread is done.
    expect(extended).toMatch(/w15:paraIdParent=/);
    expect(extended).toMatch(/w15:done="1"/);
  });

  it('ranges the comments of an image alone over its run and those of a table cell over its text', async () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            text('See ', []),
            {
              type: 'image',
              attrs: { src: 'https://example.com/a.png', alt: 'A cat', commentThreads: 'thread-image' },
            },
            text(' after', []),
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { commentThreads: 'thread-cell1' },
                  content: [{ type: 'paragraph', content: [text('Cell text', [])] }],
                },
              ],
            },
          ],
        },
      ],
    });
    const comment = (id: string, body: string) => ({
      id,
      resolved: false,
      comments: [{ author: 'Ada', createdAt: 0, body }],
    });
    const { document, comments } = await partsOf(
      await renderDocx({
        doc,
        title: 'Objects',
        page: 'a4',
        images: {},
        origin: null,
        comments: [comment('thread-image', 'Cute'), comment('thread-cell1', 'Check')],
      }),
    );
    // The image (named, as it is not an upload) sits inside its range, " after" outside it.
    expect(document).toMatch(/<w:commentRangeStart w:id="0"\/>.*A cat.*<w:commentRangeEnd w:id="0"\/>.*after/s);
    expect(document).toMatch(/<w:tc>.*<w:commentRangeStart w:id="1"\/>.*Cell text.*<w:commentRangeEnd w:id="1"\/>/s);
    expect(comments).toContain('Cute');
    expect(comments).toContain('Check');
  });

  it('writes no comments part when there are no threads', async () => {
    const doc = schema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph', content: [text('Plain', [])] }] });
    const { document, comments } = await partsOf(
      await renderDocx({ doc, title: 'x', page: 'a4', images: {}, origin: null }),
    );
    expect(document).toContain('Plain');
    expect(document).not.toContain('commentRange');
    expect(comments).toBe('');
  });
});
