import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Editor as TiptapEditor, type Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { ImageModel } from '@shared/document/model/image-model';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentThread } from '@shared/api/comments';
import { COMMENTS_MESSAGE_TYPE } from '@shared/api/comments';
import { CommentLimits } from '@shared/limits';
import { extensionsOf, type CapabilityContext, type CapabilitySession } from '../../editor/core/capability';
import { coreExtensions } from '../../editor/core/create-editor';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { api, ApiError } from '../../lib/api-client';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../testing/test-editor';
import { comments } from '.';
import { createThread } from './comment-actions';
import { relinkedAnchors } from './comment-relink';
import { anchorsOf, inDocumentOrder, threadAtSelection } from './comment-anchors';
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

  it('quotes an image in the selection by its alternative text; an image alone takes no comment', async () => {
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
    ed.commands.setNodeSelection(imageAt);
    expect(toolbarItem(comments, 'addComment').run(ed)).toBe(false);
    expect(commentsOf(ed).composing.get()).toBeNull();
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
    expect(css.match(/thread-open01/g)?.length).toBe(2);
    expect(highlightCss('s1', threads, 'thread-done01')).not.toContain('thread-done01');
  });
});
