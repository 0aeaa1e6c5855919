import { describe, expect, it } from 'vitest';
import type { ProseMirrorJson } from '@shared/api/export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { renderText } from './render-text';

const { schema } = createDocumentModel(defaultEditorOptions);

type Json = ProseMirrorJson;
const text = (value: string): Json => ({ type: 'text', text: value });
const p = (...content: Json[]): Json => ({ type: 'paragraph', content });
const item = (...content: Json[]): Json => ({ type: 'listItem', content });
const textOf = (...content: Json[]): string => renderText(schema.nodeFromJSON({ type: 'doc', content }));

describe('renderText', () => {
  it('writes a list one item per line, nested lists indented under their item, with bullets and numbers', () => {
    expect(
      textOf(
        p(text('Before')),
        {
          type: 'bulletList',
          content: [
            item(p(text('one')), {
              type: 'bulletList',
              content: [item(p(text('nested')), { type: 'bulletList', content: [item(p(text('deep')))] })],
            }),
            item(p(text('two')), p(text('second paragraph'))),
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 3, listStyleType: 'lower-roman' },
          content: [item(p(text('three'))), item(p(text('four')), { type: 'codeBlock', content: [text('a\n  b')] })],
        },
        p(text('After')),
      ),
    ).toBe(
      'Before\n\n• one\n  ◦ nested\n    ▪ deep\n• two\n  second paragraph\n\n' +
        'iii. three\niv. four\n    a\n      b\n\nAfter',
    );
  });

  it('leaves no line for empty blocks, rules and hard breaks at a paragraph’s ends', () => {
    expect(
      textOf(
        p(text('a'), { type: 'hardBreak' }),
        p(),
        { type: 'horizontalRule' },
        p({ type: 'hardBreak' }, text('b'), { type: 'hardBreak' }, text('c')),
        { type: 'bulletList', content: [item(p()), item(p(text('x')))] },
      ),
    ).toBe('a\n\nb\nc\n\n•\n• x');
  });

  it('writes quotes as their blocks, a table one row per line with tab-separated cells, atoms as their text', () => {
    const cell = (type: string, ...content: Json[]): Json => ({ type, content });
    expect(
      textOf(
        { type: 'blockquote', content: [p(text('quoted')), { type: 'blockquote', content: [p(text('twice'))] }] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [cell('tableHeader', p(text('A'))), cell('tableHeader', p(text('B')))] },
            {
              type: 'tableRow',
              content: [
                cell('tableCell', p(text('1')), p(text('more'))),
                cell('tableCell', { type: 'bulletList', content: [item(p(text('in cell')))] }),
              ],
            },
          ],
        },
        p(text('Image: '), { type: 'image', attrs: { src: '/uploads/a.png', alt: 'chart' } }),
        p(text('File: '), { type: 'file', attrs: { href: '/uploads/f.pdf', name: 'f.pdf' } }),
      ),
    ).toBe('quoted\n\ntwice\n\nA\tB\n1 more\t• in cell\n\nImage: chart\n\nFile: f.pdf');
  });
});
