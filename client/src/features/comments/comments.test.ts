import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Editor as TiptapEditor, type Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { ImageModel } from '@shared/document/model/image-model';
import { TableCellModel, TableHeaderModel, TableModel, TableRowModel } from '@shared/document/model/table-model';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { CellSelection } from '@tiptap/pm/tables';
import { Fragment, Slice } from '@tiptap/pm/model';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../i18n/setup';
import type { CommentThread } from '@shared/api/comments';
import { COMMENTS_MESSAGE_TYPE } from '@shared/api/comments';
import { CommentLimits } from '@shared/limits';
import { extensionsOf, type CapabilityContext, type CapabilitySession } from '../../editor/core/capability';
import { coreExtensions } from '../../editor/core/create-editor';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { api, ApiError } from '../../lib/api-client';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../testing/test-editor';
import { comments } from '.';
import { createThread, showAnchor, threadActions } from './comment-actions';
import { relinkedAnchors } from './comment-relink';
import { anchorsOf, inDocumentOrder, pastedWithoutLiveAnchors, threadAtSelection } from './comment-anchors';
import {
  bodyParts,
  commentAuthorKey,
  commentEventOf,
  isCommentThread,
  newThreadId,
  relativeTime,
} from './comment-values';
import { commentsOf, highlightCss, pendingRange } from './comments-extension';

const ID_PATTERN = new RegExp(CommentLimits.idPattern);
const author = { name: 'Ann', color: '#2f9e44' };

function thread(id: string, extra: Partial<CommentThread> = {}): CommentThread {
  return {
    id,
    quote: 'quoted',
    createdAt: 1,
    resolved: false,
    resolvedBy: null,
    resolvedAt: null,
    comments: [{ id: 'c-00000001', author, body: 'Hi', createdAt: 1, editedAt: null, mine: true }],
    ...extra,
  };
}

/** A session whose socket messages the test sends itself. */
function fakeSession() {
  const listeners = new Map<number, (payload: decoding.Decoder) => void>();
  const synced: Array<() => void> = [];
  const session: CapabilitySession = {
    docId: 'doc-1',
    token: 'tok',
    authorName: () => 'Ann',
    author: () => author,
    canComment: true,
    onMessage: (type, listener) => {
      listeners.set(type, listener);
      return () => listeners.delete(type);
    },
    onSynced: (listener) => {
      synced.push(listener);
      listener();
      return () => undefined;
    },
  };
  const frame = (json: string): void => {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, json);
    listeners.get(COMMENTS_MESSAGE_TYPE)?.(decoding.createDecoder(encoding.toUint8Array(encoder)));
  };
  /** The socket is in sync again after a reconnection. */
  const resynced = (): void => synced.forEach((listener) => listener());
  return { session, frame, listeners, resynced };
}

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
  vi.restoreAllMocks();
});

function commentsEditor(list: CommentThread[] = []) {
  vi.spyOn(api, 'listComments').mockResolvedValue(list);
  const fake = fakeSession();
  const context: CapabilityContext = { ...defaultCapabilityContext, session: fake.session };
  ({ editor } = createTestEditor(comments, context));
  return { editor, ...fake };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('comment values', () => {
  it('makes url-safe thread ids and one author key per browser', () => {
    const ids = new Set(Array.from({ length: 50 }, newThreadId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    const key = commentAuthorKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
    expect(commentAuthorKey()).toBe(key);
    localStorage.setItem('tandem.commentAuthor', 'short');
    expect(commentAuthorKey()).not.toBe('short');
  });

  it('reads comments frames and threads defensively', () => {
    expect(commentEventOf('{"threadId":"thread-000001"}')).toEqual({ threadId: 'thread-000001' });
    expect(commentEventOf('{"threadId":"thread-000001","deleted":true}')).toEqual({
      threadId: 'thread-000001',
      deleted: true,
    });
    for (const bad of ['nope', '{"threadId":"a b"}', '{"threadId":"thread-000001","deleted":1}', 'null']) {
      expect(commentEventOf(bad)).toBeNull();
    }
    expect(isCommentThread(thread('thread-000001'))).toBe(true);
    expect(isCommentThread({ ...thread('thread-000001'), comments: [] })).toBe(false);
    expect(isCommentThread({ ...thread('thread-000001'), id: '"]{}' })).toBe(false);
  });

  it('shows web addresses in a comment as links, and nothing else', () => {
    expect(bodyParts('See https://example.com/a?b=1, then http://x.org.')).toEqual([
      { text: 'See ', href: null },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', then ', href: null },
      { text: 'http://x.org', href: 'http://x.org' },
      { text: '.', href: null },
    ]);
    expect(bodyParts('(https://example.com/x)')).toEqual([
      { text: '(', href: null },
      { text: 'https://example.com/x', href: 'https://example.com/x' },
      { text: ')', href: null },
    ]);
    for (const plain of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mail me at a@b.c',
      'https://',
      'no links',
    ]) {
      expect(bodyParts(plain)).toEqual([{ text: plain, href: null }]);
    }
  });

  it('writes relative times in the UI language', () => {
    expect(relativeTime(0, 5 * 60_000, 'en', 'just now')).toBe('5 minutes ago');
    expect(relativeTime(0, 2 * 3600_000, 'de', 'gerade eben')).toBe('vor 2 Stunden');
    expect(relativeTime(0, 59_000, 'en', 'just now')).toBe('just now');
  });
});

describe('the comments capability', () => {
  it('opens the composer on a selection (toolbar and shortcut) and not on an empty one', () => {
    const { editor: ed } = commentsEditor();
    const add = toolbarItem(comments, 'addComment');
    ed.commands.setContent('<p>hello world</p>');
    expect(add.isEnabled?.(ed)).toBe(false);
    add.run(ed);
    expect(commentsOf(ed).composing.get()).toBeNull();
    ed.commands.setTextSelection({ from: 7, to: 12 });
    add.run(ed);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'world' });
    expect(commentsOf(ed).panelOpen.get()).toBe(true);
    expect(pendingRange(ed.state)).toEqual({ from: 7, to: 12 });
    // The pending range follows the text typed before it.
    ed.commands.insertContentAt(1, 'oh ');
    expect(pendingRange(ed.state)).toEqual({ from: 10, to: 15 });
  });

  it('anchors the thread and posts it; typing at the end of the anchor does not extend it', async () => {
    const { editor: ed } = commentsEditor();
    const create = vi
      .spyOn(api, 'createCommentThread')
      .mockImplementation((_doc, _token, _key, body) => Promise.resolve(thread(body.id, { quote: body.quote })));
    typeAndSelect(ed, 'hello world');
    ed.commands.setTextSelection({ from: 7, to: 12 });
    toolbarItem(comments, 'addComment').run(ed);
    expect(await createThread(ed, fakeSession().session, 'Nice', author)).toBeNull();
    const sent = create.mock.calls[0]?.[3];
    expect(sent).toMatchObject({ quote: 'world', body: 'Nice', author });
    expect(sent?.id).toMatch(ID_PATTERN);
    expect(ed.getHTML()).toBe(
      `<p>hello <span data-comment-thread="${sent?.id ?? ''}" class="comment-anchor">world</span></p>`,
    );
    expect(
      commentsOf(ed)
        .data.threads.get()
        .has(sent?.id ?? ''),
    ).toBe(true);
    expect(commentsOf(ed).composing.get()).toBeNull();
    expect(pendingRange(ed.state)).toBeNull();
    ed.commands.setTextSelection(12);
    ed.commands.insertContent('!');
    expect(ed.getText()).toBe('hello world!');
    expect(ed.getHTML()).toContain('world</span>!');
    ed.commands.setTextSelection(9);
    expect(threadAtSelection(ed.state)).toBe(sent?.id);
  });

  it('keeps a thread anchored through undo, and a pasted copy of commented text carries no anchor', async () => {
    const { editor: ed } = commentsEditor();
    vi.spyOn(api, 'createCommentThread').mockImplementation((_doc, _token, _key, body) =>
      Promise.resolve(thread(body.id)),
    );
    typeAndSelect(ed, 'hello world');
    const undoState = yUndoPluginKey.getState(ed.state) as { undoManager: { clear: () => void } } | undefined;
    undoState?.undoManager.clear();
    ed.commands.setTextSelection({ from: 7, to: 12 });
    toolbarItem(comments, 'addComment').run(ed);
    expect(await createThread(ed, fakeSession().session, 'Nice', author)).toBeNull();
    const type = ed.schema.marks.comment;
    const [id] = [...anchorsOf(ed.state.doc, type).keys()];
    // Adding the anchor is not an edit of the author's: nothing to undo, and undo leaves it.
    expect(ed.can().undo()).toBe(false);
    ed.commands.undo();
    expect(anchorsOf(ed.state.doc, type).get(id ?? '')).toEqual({ from: 7, to: 12 });

    // Copy and paste: the copy is plain text, the thread keeps its one anchor.
    const copied = `<p><span data-comment-thread="${id ?? ''}">world</span></p>`;
    ed.commands.setTextSelection(12);
    ed.view.pasteHTML(copied);
    expect(ed.getText()).toBe('hello worldworld');
    expect(anchorsOf(ed.state.doc, type).get(id ?? '')).toEqual({ from: 7, to: 12 });
    // Cut and paste: the text moves with its thread.
    ed.chain().setTextSelection({ from: 7, to: 12 }).deleteSelection().run();
    expect([...anchorsOf(ed.state.doc, type).keys()]).toEqual([]);
    ed.commands.setTextSelection(1);
    ed.view.pasteHTML(copied);
    expect(anchorsOf(ed.state.doc, type).get(id ?? '')).toEqual({ from: 1, to: 6 });
  });

  it('quotes an image in the selection by its alternative text', async () => {
    vi.spyOn(api, 'listComments').mockResolvedValue([]);
    const context: CapabilityContext = { ...defaultCapabilityContext, session: fakeSession().session };
    const ed = new TiptapEditor({
      extensions: [
        ...coreExtensions(new Y.Doc(), false, context.options),
        ...extensionsOf(comments, context),
        ImageModel.configure({ editorOptions: context.options }),
      ],
    });
    editor = ed;
    vi.spyOn(api, 'createCommentThread').mockImplementation((_doc, _token, _key, body) =>
      Promise.resolve(thread(body.id, { quote: body.quote })),
    );
    ed.commands.setContent('<p>A <img src="/uploads/a.png" alt="A cat"> and<br>more</p>');
    let imageAt = -1;
    ed.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') imageAt = pos;
    });
    ed.commands.setTextSelection({ from: 1, to: imageAt + 5 });
    toolbarItem(comments, 'addComment').run(ed);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'A [A cat] and' });
    expect(await createThread(ed, fakeSession().session, 'Nice cat', author)).toBeNull();
    expect(ed.getHTML()).toMatch(/<span data-comment-thread="[^"]+" class="comment-anchor">A <img [^>]*alt="A cat"/);
    commentsOf(ed).composing.set(null);
    // A hard break is a line break in a quote, not an object.
    ed.commands.setTextSelection({ from: imageAt + 2, to: ed.state.doc.content.size - 1 });
    toolbarItem(comments, 'addComment').run(ed);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'and more' });
  });

  it('puts the anchors of live threads back into a restored version where their quote still is', async () => {
    const { editor: ed } = commentsEditor([
      thread('t-anchored', { quote: 'hello' }),
      thread('t-missing', { quote: 'world' }),
      thread('t-resolved', { quote: 'again', resolved: true }),
      thread('t-gone', { quote: 'not there' }),
    ]);
    await flush();
    const type = ed.schema.marks.comment;
    const version = ed.schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'hello', marks: [{ type: 'comment', attrs: { thread: 't-anchored' } }] }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'hello world again' }] },
      ],
    });
    const restored = relinkedAnchors(ed, version);
    expect([...anchorsOf(restored, type).entries()]).toEqual([
      ['t-anchored', { from: 1, to: 6 }],
      ['t-missing', { from: 14, to: 19 }],
    ]);
    expect(restored.textContent).toBe(version.textContent);
  });

  it('removes the anchor again when the server refuses the thread', async () => {
    const { editor: ed } = commentsEditor();
    vi.spyOn(api, 'createCommentThread').mockRejectedValue(new ApiError('COMMENT_LIMIT_REACHED', 409));
    typeAndSelect(ed, 'hello world');
    toolbarItem(comments, 'addComment').run(ed);
    expect(await createThread(ed, fakeSession().session, 'Nice', author)).toBe('COMMENT_LIMIT_REACHED');
    expect(ed.getHTML()).toBe('<p>hello world</p>');
    // The composer stays open with its range, for another try.
    expect(commentsOf(ed).composing.get()).not.toBeNull();
    expect(pendingRange(ed.state)).toEqual({ from: 1, to: 12 });
  });

  it('loads the threads when the editor opens and refreshes one when a comments frame names it', async () => {
    const { editor: ed, frame } = commentsEditor([thread('thread-000001')]);
    await flush();
    const data = commentsOf(ed).data;
    expect([...data.threads.get().keys()]).toEqual(['thread-000001']);
    const get = vi.spyOn(api, 'getCommentThread').mockResolvedValue(thread('thread-000002'));
    frame('{"threadId":"thread-000002"}');
    await flush();
    expect(get).toHaveBeenCalledWith('doc-1', 'tok', commentAuthorKey(), 'thread-000002');
    expect([...data.threads.get().keys()]).toEqual(['thread-000001', 'thread-000002']);
    frame('{"threadId":"thread-000001","deleted":true}');
    frame('not json');
    expect([...data.threads.get().keys()]).toEqual(['thread-000002']);
  });

  it('loads the threads again after a reconnection (frames sent meanwhile were missed)', async () => {
    const { editor: ed, resynced } = commentsEditor([thread('thread-000001')]);
    await flush();
    vi.mocked(api.listComments).mockResolvedValue([thread('thread-000003')]);
    resynced();
    await flush();
    expect([...commentsOf(ed).data.threads.get().keys()]).toEqual(['thread-000003']);
  });
});

describe('anchors', () => {
  it('lists overlapping anchors in document order, orphans apart', () => {
    const { editor: ed } = commentsEditor();
    ed.commands.setContent(
      '<p><span data-comment-thread="thread-bbbbbb" class="comment-anchor">Hello ' +
        '<span data-comment-thread="thread-aaaaaa" class="comment-anchor">big</span></span>' +
        '<span data-comment-thread="thread-aaaaaa" class="comment-anchor"> world</span></p>',
    );
    const anchors = anchorsOf(ed.state.doc, ed.schema.marks.comment);
    expect([...anchors.entries()]).toEqual([
      ['thread-bbbbbb', { from: 1, to: 10 }],
      ['thread-aaaaaa', { from: 7, to: 16 }],
    ]);
    const order = inDocumentOrder(
      [thread('thread-aaaaaa'), thread('thread-gone01', { createdAt: 5 }), thread('thread-bbbbbb')],
      anchors,
    );
    expect(order.anchored.map((t) => t.id)).toEqual(['thread-bbbbbb', 'thread-aaaaaa']);
    expect(order.orphaned.map((t) => t.id)).toEqual(['thread-gone01']);
  });

  it('highlights open threads only, the focused one more', () => {
    const threads = new Map([
      ['thread-open01', thread('thread-open01')],
      ['thread-done01', thread('thread-done01', { resolved: true })],
    ]);
    const css = highlightCss('s1', threads, 'thread-open01');
    expect(css).toContain('[data-comments="s1"] .comment-anchor[data-comment-thread="thread-open01"] {');
    expect(css).not.toContain('thread-done01');
    // Text anchors and object markers, both also for the focused thread.
    expect(css.match(/thread-open01/g)?.length).toBe(4);
    expect(highlightCss('s1', threads, 'thread-done01')).not.toContain('thread-done01');
  });
});

describe('comments on an image, a video or table cells alone', () => {
  beforeAll(async () => {
    await setLanguage(await initI18n(), 'en');
  });

  /** An editor with images, a session whose thread posts succeed, and the position of the first image. */
  function objectsEditor(html: string) {
    vi.spyOn(api, 'listComments').mockResolvedValue([]);
    const fake = fakeSession();
    const context: CapabilityContext = { ...defaultCapabilityContext, session: fake.session };
    const ed = new TiptapEditor({
      element: document.createElement('div'),
      extensions: [
        ...coreExtensions(new Y.Doc(), false, context.options),
        ...extensionsOf(comments, context),
        ImageModel.configure({ editorOptions: context.options }),
        TableModel.configure({ editorOptions: context.options }),
        TableRowModel,
        TableCellModel.configure({ editorOptions: context.options }),
        TableHeaderModel.configure({ editorOptions: context.options }),
      ],
    });
    editor = ed;
    vi.spyOn(api, 'createCommentThread').mockImplementation((_doc, _token, _key, body) =>
      Promise.resolve(thread(body.id, { quote: body.quote })),
    );
    ed.commands.setContent(html);
    const at = (name: string): number => {
      let found = -1;
      ed.state.doc.descendants((node, pos) => {
        if (found < 0 && node.type.name === name) found = pos;
      });
      return found;
    };
    return { ed, at, session: fake.session };
  }

  it('anchors a thread on a selected image by its attribute: listed, focused, marked, pasted copies without it', async () => {
    const { ed, at, session } = objectsEditor('<p>A <img src="/uploads/a.png" alt="A cat"> here</p>');
    const imageAt = at('image');
    const undoState = yUndoPluginKey.getState(ed.state) as { undoManager: { clear: () => void } } | undefined;
    undoState?.undoManager.clear();
    ed.commands.setNodeSelection(imageAt);
    expect(toolbarItem(comments, 'addComment').isEnabled?.(ed)).toBe(true);
    expect(toolbarItem(comments, 'addComment').run(ed)).toBe(true);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'A cat' });
    expect(ed.view.dom.querySelector('[data-comment-pending]')).not.toBeNull();
    expect(await createThread(ed, session, 'Nice cat', author)).toBeNull();
    const id = String(ed.state.doc.nodeAt(imageAt)?.attrs.commentThreads);
    expect(id).toMatch(ID_PATTERN);
    // No undo step: the anchor comes and goes with its thread.
    expect(ed.can().undo()).toBe(false);
    expect(anchorsOf(ed.state.doc, ed.schema.marks.comment).get(id)).toEqual({
      from: imageAt,
      to: imageAt + 1,
      object: true,
    });
    expect(ed.view.dom.querySelector(`[data-comment-threads="${id}"]`)).not.toBeNull();
    // The object's HTML never carries it (exports, clipboard).
    expect(ed.getHTML()).not.toContain(id);
    expect(highlightCss('s', new Map([[id, thread(id)]]), id)).toContain(
      `[data-comment-threads~="${id}"] { outline: 3px`,
    );

    // Clicking the image (selecting it) focuses its thread; the panel's "show" selects the image.
    commentsOf(ed).focused.set(null);
    ed.commands.setTextSelection(1);
    ed.commands.setNodeSelection(imageAt);
    expect(threadAtSelection(ed.state)).toBe(id);
    ed.commands.setTextSelection(1);
    expect(showAnchor(ed, id)).toBe(true);
    expect(ed.state.selection.from).toBe(imageAt);
    expect(ed.state.selection.to).toBe(imageAt + 1);

    // A copy of the image pasted (or dropped as a copy) carries no anchor while the original has it.
    const image = ed.state.doc.nodeAt(imageAt);
    const slice = new Slice(Fragment.from(image), 0, 0);
    const pasted = pastedWithoutLiveAnchors(slice, ed.state.doc, ed.schema.marks.comment);
    expect(pasted.content.firstChild?.attrs.commentThreads).toBeNull();
    expect(pasted.content.firstChild?.attrs.alt).toBe('A cat');

    // Deleting the image orphans the thread; an object's thread deleted takes the id out of the attribute.
    expect(await createThread(ed, session, 'x', author)).toBe('COMMENT_THREAD_NOT_FOUND');
    ed.commands.setNodeSelection(imageAt);
    toolbarItem(comments, 'addComment').run(ed);
    expect(await createThread(ed, session, 'Second', author)).toBeNull();
    const both = String(ed.state.doc.nodeAt(imageAt)?.attrs.commentThreads).split(' ');
    expect(both).toHaveLength(2);
    vi.spyOn(api, 'deleteCommentThread').mockResolvedValue(undefined);
    const actions = threadActions(ed, session, () => author);
    expect(await actions.deleteThread(both[1] ?? '')).toBeNull();
    expect(ed.state.doc.nodeAt(imageAt)?.attrs.commentThreads).toBe(id);
    ed.chain().setNodeSelection(imageAt).deleteSelection().run();
    expect(anchorsOf(ed.state.doc, ed.schema.marks.comment).has(id)).toBe(false);
  });

  it('puts object anchors back into a restored version on the same image or cell; never on text', async () => {
    const { ed } = objectsEditor(
      '<p>A <img src="/uploads/a.png" alt="A cat"><img src="/uploads/c.png" alt="A"></p><table><tr><td><p>One</p></td></tr></table>',
    );
    commentsOf(ed).data.upsert(thread('t-image-0001', { quote: 'A cat' }));
    commentsOf(ed).data.upsert(thread('t-cell-00001', { quote: 'One' }));
    commentsOf(ed).data.upsert(thread('t-lost-00001', { quote: 'A' }));
    const tr = ed.state.tr;
    ed.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') {
        tr.setNodeAttribute(pos, 'commentThreads', node.attrs.alt === 'A' ? 't-lost-00001' : 't-image-0001');
      }
      if (node.type.name === 'tableCell') tr.setNodeAttribute(pos, 'commentThreads', 't-cell-00001');
    });
    ed.view.dispatch(tr);
    // The version: the text moved, the first image and the cell are there, the second image is not.
    const version = ed.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'A' }] },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] },
              ],
            },
          ],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'B ' },
            { type: 'image', attrs: { src: '/uploads/a.png' } },
          ],
        },
      ],
    });
    const restored = relinkedAnchors(ed, version);
    const anchors = anchorsOf(restored, ed.schema.marks.comment);
    expect(anchors.get('t-image-0001')).toMatchObject({ object: true });
    expect(anchors.get('t-cell-00001')).toMatchObject({ object: true });
    // Its image is not in the version: it stays orphaned, not anchored on the text "A" of its quote.
    expect(anchors.has('t-lost-00001')).toBe(false);
    expect(restored.textContent).toBe(version.textContent);
  });

  it('anchors a thread on the cells of a cell selection, quoted by their text', async () => {
    const { ed, at, session } = objectsEditor(
      '<table><tr><td><p>One</p></td><td><p>Two</p></td><td><p></p></td></tr></table><p>after</p>',
    );
    const first = at('tableCell');
    const second = first + (ed.state.doc.nodeAt(first)?.nodeSize ?? 0);
    ed.view.dispatch(ed.state.tr.setSelection(CellSelection.create(ed.state.doc, first, second)));
    expect(toolbarItem(comments, 'addComment').isEnabled?.(ed)).toBe(true);
    expect(toolbarItem(comments, 'addComment').run(ed)).toBe(true);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'One Two' });
    // Typing before the cells meanwhile moves them: the pending anchor follows.
    ed.commands.insertContentAt(0, '<p>before</p>');
    expect(await createThread(ed, session, 'Check these', author)).toBeNull();
    const cells: unknown[] = [];
    const positions: number[] = [];
    ed.state.doc.descendants((node, pos) => {
      if (node.type.name !== 'tableCell') return true;
      cells.push(node.attrs.commentThreads);
      positions.push(pos);
      return false;
    });
    expect(cells[0]).toMatch(ID_PATTERN);
    expect(cells[1]).toBe(cells[0]);
    expect(cells[2]).toBeNull();
    expect(ed.view.dom.querySelectorAll('td[data-comment-threads]')).toHaveLength(2);
    // The caret in a commented cell focuses its thread.
    ed.commands.setTextSelection(at('tableCell') + 3);
    expect(threadAtSelection(ed.state)).toBe(cells[0]);

    // An empty cell alone is quoted as a table cell.
    commentsOf(ed).composing.set(null);
    ed.view.dispatch(ed.state.tr.setSelection(CellSelection.create(ed.state.doc, positions[2] ?? 0)));
    toolbarItem(comments, 'addComment').run(ed);
    expect(commentsOf(ed).composing.get()).toEqual({ quote: 'Table cell' });
  });
});
