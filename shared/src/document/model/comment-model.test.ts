// @vitest-environment jsdom
// jsdom gives the parse rules a DOM to read HTML from (as the browser does).
import { getExtensionField } from '@tiptap/core';
import { DOMParser as PmDOMParser, type Node as PmNode } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { exportedBodyHtml, exportBodyHtml } from '../html/html-export';
import { renderFragmentHtml } from '../html/html-serializer';
import { documentMarkdown } from '../markdown/markdown';
import { checkUpdate } from '../yjs/update-guard';
import { YDocKeys } from '../yjs/ydoc-keys';
import {
  CommentMarkName,
  CommentModel,
  commentThreadsOf,
  commentThreadsValue,
  isCommentThreadId,
  isCommentThreadList,
  withoutCommentMarks,
} from './comment-model';
import { CommentLimits } from '../../limits';
import { createDocumentModel } from './create-document-model';

const model = createDocumentModel(defaultEditorOptions);
const { schema, rules } = model;

const T1 = 'thread-one-0123456789';
const T2 = 'thread_two_ABCDEFGHIJ';

function parse(html: string): PmNode {
  const { body } = new JSDOM(`<body>${html}</body>`).window.document;
  return PmDOMParser.fromSchema(schema).parse(body);
}

/** "Hello big world": `big world` on thread 1, `Hello big` on thread 2 (they overlap on `big`). */
function overlapping(thread2 = T2): PmNode {
  const c = (thread: string) => ({ type: CommentMarkName, attrs: { thread } });
  return schema.nodeFromJSON({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Hello ', marks: [c(thread2)] },
          { type: 'text', text: 'big', marks: [c(T1), c(thread2)] },
          { type: 'text', text: ' world', marks: [c(T1)] },
          { type: 'text', text: '!' },
        ],
      },
    ],
  });
}

/** The Yjs update y-tiptap writes for `doc` into an empty document. */
function yUpdateOf(doc: PmNode): Uint8Array {
  const ydoc = new Y.Doc();
  prosemirrorToYXmlFragment(doc, ydoc.getXmlFragment(YDocKeys.content));
  return Y.encodeStateAsUpdate(ydoc);
}

/** An update that writes `text` formatted with the raw Yjs attribute `key` = `value`. */
function rawFormatUpdate(key: string, value: unknown): Uint8Array {
  const ydoc = new Y.Doc();
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [new Y.XmlText()]);
  ydoc.getXmlFragment(YDocKeys.content).insert(0, [p]);
  (p.get(0) as Y.XmlText).insert(0, 'text', { [key]: value });
  return Y.encodeStateAsUpdate(ydoc);
}

describe('the comment mark', () => {
  it('is not inclusive, lets threads overlap, and is overlapping in the rules', () => {
    const type = schema.marks.comment;
    if (!type) throw new Error('no comment mark');
    expect(type.spec.inclusive).toBe(false);
    const field = getExtensionField(CommentModel, 'clearable', { name: CommentModel.name, options: {}, storage: {} });
    expect(field).toBe(false);
    expect(type.excludes(type)).toBe(false);
    expect(rules.marks.get(CommentMarkName)?.overlapping).toBe(true);
    expect(rules.marks.get('bold')?.overlapping).toBe(false);
    expect([...(rules.marks.get(CommentMarkName)?.attrs.keys() ?? [])]).toEqual(['thread']);
    const big = overlapping().firstChild?.child(1);
    expect(big?.marks.map((m) => m.attrs.thread)).toEqual(expect.arrayContaining([T1, T2]));
  });

  it('validates the thread id against the API’s pattern', () => {
    expect(isCommentThreadId(T1)).toBe(true);
    for (const bad of ['short', 'a'.repeat(41), 'has space 0123456', 'x"><script>', 42, null, { id: T1 }]) {
      expect(isCommentThreadId(bad)).toBe(false);
    }
  });

  it('renders as a span with the thread id and parses back from it; refused ids are dropped', () => {
    const html = renderFragmentHtml(overlapping().content, schema);
    expect(html).toContain(`<span data-comment-thread="${T2}" class="comment-anchor">Hello </span>`);
    expect(html).toContain(`data-comment-thread="${T1}"`);
    expect(parse(html).eq(overlapping())).toBe(true);
    const bad = parse('<p><span data-comment-thread="x&quot;" class="comment-anchor">text</span></p>');
    expect(bad.textContent).toBe('text');
    expect(bad.firstChild?.firstChild?.marks).toEqual([]);
  });

  it('is left out of the HTML and Markdown exports, its text kept; the code view keeps it', () => {
    const doc = overlapping();
    expect(withoutCommentMarks(doc).textContent).toBe('Hello big world!');
    const exported = exportedBodyHtml(doc, '');
    expect(exported).toBe('<p>Hello big world!</p>');
    expect(documentMarkdown(model).serialize(doc).trim()).toBe('Hello big world!');
    expect(exportBodyHtml(doc, '')).toContain('data-comment-thread');
  });
});

describe('the update guard and comment anchors', () => {
  it('accepts the hashed names y-tiptap writes for overlapping comment marks', () => {
    const update = yUpdateOf(overlapping());
    const keys = new Set<string>();
    const ydoc = new Y.Doc();
    Y.applyUpdate(ydoc, update);
    const text = (ydoc.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    for (const op of text.toDelta() as Array<{ attributes?: Record<string, unknown> }>) {
      for (const key of Object.keys(op.attributes ?? {})) keys.add(key);
    }
    // y-tiptap's naming, which the guard relies on.
    expect([...keys].every((k) => /^comment--[a-zA-Z0-9+/=]{8}$/.test(k))).toBe(true);
    expect(keys.size).toBe(2);
    expect(checkUpdate(new Y.Doc(), update, rules)).toMatchObject({ ok: true });
  });

  it('refuses a comment mark with a bad thread id, hashed or not', () => {
    const hashed = yUpdateOf(overlapping('bad id!'));
    expect(checkUpdate(new Y.Doc(), hashed, rules)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(checkUpdate(new Y.Doc(), rawFormatUpdate('comment', { thread: 'x' }), rules)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(checkUpdate(new Y.Doc(), rawFormatUpdate('comment', { thread: T1 }), rules)).toMatchObject({ ok: true });
  });

  it('refuses hashed names of unknown or non-overlapping marks and unknown attributes', () => {
    for (const [key, value] of [
      ['nope--AAAAAAAA', {}],
      ['bold--AAAAAAAA', {}],
      ['comment--AAAAAAA', { thread: T1 }],
      ['comment--AAAAAAAA', { thread: T1, onclick: 'x' }],
      ['comment--AAAAAAAA', 'x'],
    ] as const) {
      expect(checkUpdate(new Y.Doc(), rawFormatUpdate(key, value), rules)).toMatchObject({
        ok: false,
        kind: 'invalid',
      });
    }
    expect(checkUpdate(new Y.Doc(), rawFormatUpdate('comment--AAAAAAAA', { thread: T1 }), rules)).toMatchObject({
      ok: true,
    });
  });
});

describe('commentThreads: the anchors of threads on images, videos and table cells', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `thread-${String(i).padStart(4, '0')}`);

  it('accepts space-parted valid ids only, without duplicates, up to the limit', () => {
    expect(isCommentThreadList(T1)).toBe(true);
    expect(isCommentThreadList(`${T1} ${T2}`)).toBe(true);
    expect(isCommentThreadList(ids(CommentLimits.maxThreadsPerObject).join(' '))).toBe(true);
    for (const bad of [
      '',
      ' ',
      `${T1}  ${T2}`,
      ` ${T1}`,
      `${T1} ${T1}`,
      `${T1} bad id`,
      'short',
      ids(CommentLimits.maxThreadsPerObject + 1).join(' '),
      42,
      [T1],
      null,
    ]) {
      expect(isCommentThreadList(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(commentThreadsValue([T1, T1, 'bad id', T2])).toBe(`${T1} ${T2}`);
    expect(commentThreadsValue([])).toBeNull();
    expect(commentThreadsOf({ commentThreads: `${T1} ${T2}` })).toEqual([T1, T2]);
    expect(commentThreadsOf({ commentThreads: 'x y' })).toEqual([]);
  });

  /** A paragraph with an image, a video and a table whose cells carry `threads`. */
  function withObjects(threads: unknown): PmNode {
    const cell = (type: string) => ({
      type,
      attrs: { commentThreads: threads },
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cell' }] }],
    });
    return schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'See ' },
            { type: 'image', attrs: { src: 'https://example.com/a.png', alt: 'A', commentThreads: threads } },
            {
              type: 'video',
              attrs: { src: 'https://www.youtube.com/embed/dQw4w9WgXcQ', commentThreads: threads },
            },
          ],
        },
        { type: 'table', content: [{ type: 'tableRow', content: [cell('tableHeader'), cell('tableCell')] }] },
      ],
    });
  }

  it('is in the model of the four nodes, and the guard refuses a malformed value on any of them', () => {
    for (const name of ['image', 'video', 'tableCell', 'tableHeader']) {
      expect(schema.nodes[name]?.spec.attrs ?? {}, name).toHaveProperty('commentThreads');
    }
    expect(checkUpdate(new Y.Doc(), yUpdateOf(withObjects(`${T1} ${T2}`)), rules)).toMatchObject({ ok: true });
    expect(checkUpdate(new Y.Doc(), yUpdateOf(withObjects('bad id!')), rules)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(checkUpdate(new Y.Doc(), yUpdateOf(withObjects(`${T1} ${T1}`)), rules)).toMatchObject({ ok: false });
  });

  it('never appears in the HTML or Markdown outputs', () => {
    const doc = withObjects(T1);
    for (const html of [exportedBodyHtml(doc, ''), exportBodyHtml(doc, ''), renderFragmentHtml(doc.content, schema)]) {
      expect(html).toContain('<img');
      expect(html).not.toContain(T1);
      expect(html).not.toContain('comment');
    }
    expect(documentMarkdown(model).serialize(doc)).not.toContain(T1);
    // The JSON and text exports read the document without comments.
    expect(JSON.stringify(withoutCommentMarks(doc).toJSON())).not.toContain(T1);
    expect(withoutCommentMarks(doc).textContent).toBe(doc.textContent);
    // Nor does HTML put one back: the attribute has no HTML form.
    expect(
      parse(`<p><img src="https://example.com/a.png" data-comment-threads="${T1}"></p>`).toJSON(),
    ).not.toHaveProperty('content.0.content.0.attrs.commentThreads', T1);
  });
});
