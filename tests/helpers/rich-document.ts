import type { Schema } from '@tiptap/pm/model';
import { prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import type { ProseMirrorJson } from '@shared/api/export';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';

/** A title that needs escaping and entities in every export. */
export const RICH_TITLE = 'Café & <Notes> "α" ©';

type Json = ProseMirrorJson;
type MarkJson = NonNullable<Json['marks']>[number];

const text = (value: string, ...marks: MarkJson[]): Json =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const mark = (type: string, attrs?: Record<string, unknown>): MarkJson => (attrs ? { type, attrs } : { type });
const paragraph = (content: Json[], attrs?: Record<string, unknown>): Json => ({ type: 'paragraph', attrs, content });
const item = (...content: Json[]): Json => ({ type: 'listItem', content });

export const LINK = {
  href: 'https://example.com/a?b=1&c=2',
  target: '_blank',
  rel: 'noopener noreferrer',
  title: 'A “title”',
};
export const TEXT_STYLE = {
  fontFamily: 'Georgia, serif',
  fontSize: '24px',
  color: '#E25041',
  backgroundColor: '#FAC51C',
  inlineClass: 'fr-class-highlighted',
  inlineStyle: 'letter-spacing: 2px',
};
export const EMBED_SRC = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

/**
 * One document with every node and mark of the model and every attribute set (default editor options):
 * paragraph and heading styles, lists with types and start, quotes, a code block with its language, a rule,
 * a hard break, images with and without caption, an embedded and a file video, a file link, a link, a text
 * style with all six attributes, every format mark, characters the export writes as entities, and a running
 * upload's placeholder (which no export contains).
 */
export function richDocumentJson(): Json {
  return {
    type: 'doc',
    content: [
      {
        type: 'heading',
        attrs: { level: 1, class: 'fr-text-gray', lineHeight: '1.5', textAlign: 'center' },
        content: [text('Title “é”')],
      },
      paragraph(
        [
          text('bold', mark('bold')),
          text(' '),
          text('italic', mark('italic')),
          text(' '),
          text('under', mark('underline')),
          text(' '),
          text('strike', mark('strike')),
          text(' '),
          text('code()', mark('code')),
          text(' H'),
          text('2', mark('subscript')),
          text('O x'),
          text('2', mark('superscript')),
          text(' '),
          text('link', mark('link', LINK)),
          text(' '),
          text('bold link', mark('bold'), mark('italic'), mark('link', LINK)),
          text(' '),
          text('styled', mark('textStyle', TEXT_STYLE)),
          { type: 'hardBreak' },
          text('“é” © → € 😀 & < > ‘x’ – α'),
        ],
        { class: 'fr-text-gray fr-text-bordered', lineHeight: '2', textAlign: 'justify' },
      ),
      { type: 'heading', attrs: { level: 3 }, content: [text('Lists')] },
      {
        type: 'bulletList',
        attrs: { listStyleType: 'square' },
        content: [
          item(paragraph([text('one')]), { type: 'bulletList', content: [item(paragraph([text('nested')]))] }),
          item(paragraph([text('two')])),
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3, type: 'i', listStyleType: 'lower-roman' },
        content: [item(paragraph([text('three')])), item(paragraph([text('four')]))],
      },
      {
        type: 'blockquote',
        content: [paragraph([text('quoted')]), { type: 'blockquote', content: [paragraph([text('twice')])] }],
      },
      { type: 'codeBlock', attrs: { language: 'typescript' }, content: [text('const a = 1 < 2 && "é";\n  return a;')] },
      { type: 'horizontalRule' },
      {
        // Every table feature: styles, header cells, merged cells, widths, background, alignments, cell styles.
        type: 'table',
        attrs: { class: 'fr-dashed-borders fr-alternate-rows' },
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', attrs: { colwidth: [120] }, content: [paragraph([text('Head é')])] },
              { type: 'tableHeader', attrs: { colwidth: [80] }, content: [paragraph([text('Other')])] },
            ],
          },
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableCell',
                attrs: {
                  colspan: 2,
                  colwidth: [120, 80],
                  background: '#61BD6D',
                  textAlign: 'right',
                  verticalAlign: 'middle',
                  class: 'fr-highlighted fr-thick',
                },
                content: [
                  paragraph([text('merged & <wide>')]),
                  { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph([text('in cell')])] }] },
                ],
              },
            ],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', attrs: { rowspan: 1 }, content: [paragraph([text('a')])] },
              { type: 'tableCell', content: [paragraph([])] },
            ],
          },
        ],
      },
      paragraph([
        text('Images: '),
        {
          type: 'image',
          attrs: {
            src: '/uploads/abc.png',
            alt: 'alt é',
            width: '300px',
            height: '200px',
            align: 'left',
            display: 'inline',
            classes: 'fr-rounded fr-shadow',
            caption: 'A caption & more',
            uploadId: 'u1',
          },
        },
        { type: 'image', attrs: { src: 'https://example.com/pic.png', width: '50%', align: 'right' } },
      ]),
      paragraph([
        { type: 'video', attrs: { src: EMBED_SRC, kind: 'iframe', width: '640px', height: '360px' } },
        {
          type: 'video',
          attrs: { src: '/uploads/v.mp4', kind: 'file', align: 'right', display: 'inline', uploadId: 'u2' },
        },
      ]),
      paragraph([
        text('File: '),
        {
          type: 'file',
          attrs: { href: '/uploads/f.pdf', name: 'report é.pdf', size: 1234, mime: 'application/pdf', uploadId: 'u3' },
        },
        { type: 'uploadPlaceholder', attrs: { key: 'k1', kind: 'image', name: 'up.png', progress: 40 } },
        text(' end'),
      ]),
    ],
  };
}

/** Writes the document into a Y.Doc as the editor's binding writes it (y-tiptap), replacing what is there. */
export function writeDocument(doc: Y.Doc, schema: Schema, json: Json = richDocumentJson()): void {
  doc.transact(() => {
    prosemirrorJSONToYXmlFragment(schema, json, doc.getXmlFragment(YDocKeys.content));
  });
}
