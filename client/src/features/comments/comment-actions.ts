import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { CommentAuthor, CommentThread } from '@shared/api/comments';
import { commentMarkType } from '@shared/document/model/comment-model';
import { CommentLimits } from '@shared/limits';
import type { CapabilitySession } from '../../editor/core/capability';
import { api } from '../../lib/api-client';
import { anchorsOf } from './comment-anchors';
import { removeObjectThread, setObjectThread } from './comment-objects';
import { commentAuthorKey, newThreadId } from './comment-values';
import { errorCode } from './comments-data';
import { commentsOf, pendingRange, withPending } from './comments-extension';
import { mayComment } from './use-editable';

/** An error code to show (`errors.<code>`), or null when the change went through. */
export type ActionResult = string | null;

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The author as the API takes it: the presence name (1 to maxAuthorNameChars characters) and colour. */
export function commentAuthor(session: CapabilitySession, fallbackName: string): CommentAuthor {
  const { name, color } = session.author();
  const trimmed = Array.from(name.trim()).slice(0, CommentLimits.maxAuthorNameChars).join('');
  return { name: trimmed || fallbackName, color: COLOR.test(color) ? color : '#6e7781' };
}

/**
 * Anchors come and go with their threads, not as edits: Ctrl+Z never takes one away from a thread that lives on
 * (nor brings back the anchor of a deleted one), and suggestion mode leaves them alone.
 */
function noHistory(tr: Transaction): Transaction {
  return tr.setMeta('addToHistory', false);
}

/**
 * Opens a thread on the pending range: sets the comment mark with a new thread id on it (at once, so the
 * anchor follows the text from now on) and posts the thread; when the server refuses, the mark is removed
 * again and the composer stays open with its text.
 */
export async function createThread(
  editor: Editor,
  session: CapabilitySession,
  body: string,
  author: CommentAuthor,
): Promise<ActionResult> {
  const comments = commentsOf(editor);
  const range = pendingRange(editor.state);
  const type = commentMarkType(editor.schema);
  if (!range || !type) return 'COMMENT_THREAD_NOT_FOUND';
  const id = newThreadId();
  const mark = type.create({ thread: id });
  const { objects } = range;
  // Objects are quoted as the composer showed them (their alternative text, the cells' text).
  const quote = Array.from(
    objects
      ? (comments.composing.get()?.quote ?? '')
      : editor.state.doc.textBetween(range.from, range.to, ' ', ' ').trim(),
  )
    .slice(0, CommentLimits.maxQuoteChars)
    .join('');
  const tr = editor.state.tr;
  if (objects) for (const pos of objects) setObjectThread(tr, pos, id);
  else tr.addMark(range.from, range.to, mark);
  editor.view.dispatch(noHistory(tr));
  try {
    const thread = await api.createCommentThread(session.docId, session.token, commentAuthorKey(), {
      id,
      quote,
      body,
      author,
    });
    comments.data.upsert(thread);
    comments.composing.set(null);
    if (!editor.isDestroyed) editor.view.dispatch(withPending(editor.state.tr, null));
    comments.focused.set(id);
    return null;
  } catch (error) {
    // The anchor goes again (wherever the text has moved meanwhile); the author can retry from the composer.
    if (!editor.isDestroyed) removeAnchor(editor, id);
    return errorCode(error);
  }
}

/** The calls on existing threads; each puts the server's answer in place and returns an error code or null. */
export function threadActions(editor: Editor, session: CapabilitySession, author: () => CommentAuthor) {
  const { data } = commentsOf(editor);
  const { docId, token } = session;
  const run = async (call: (key: string) => Promise<CommentThread>): Promise<ActionResult> => {
    try {
      data.upsert(await call(commentAuthorKey()));
      return null;
    } catch (error) {
      return errorCode(error);
    }
  };
  return {
    reply: (threadId: string, body: string) =>
      run((key) => api.replyToComment(docId, token, key, threadId, { body, author: author() })),
    edit: (threadId: string, commentId: string, body: string) =>
      run((key) => api.editComment(docId, token, key, threadId, commentId, body)),
    remove: (threadId: string, commentId: string) =>
      run((key) => api.deleteComment(docId, token, key, threadId, commentId)),
    setResolved: (threadId: string, resolved: boolean) =>
      run((key) => api.updateCommentThread(docId, token, key, threadId, { resolved, author: author() })),
    deleteThread: async (threadId: string): Promise<ActionResult> => {
      try {
        await api.deleteCommentThread(docId, token, commentAuthorKey(), threadId);
        data.drop(threadId);
        removeAnchor(editor, threadId);
        return null;
      } catch (error) {
        return errorCode(error);
      }
    },
  };
}

export type ThreadActions = ReturnType<typeof threadActions>;

/** Takes a deleted thread's anchor out of the text (its text stays) and out of the objects that carry it. */
function removeAnchor(editor: Editor, threadId: string): void {
  const type = commentMarkType(editor.schema);
  if (editor.isDestroyed || !mayComment(editor) || !type) return;
  const tr = removeObjectThread(editor.state.tr, threadId);
  const anchor = anchorsOf(editor.state.doc, type).get(threadId);
  if (anchor && !anchor.object) tr.removeMark(anchor.from, anchor.to, type.create({ thread: threadId }));
  if (tr.docChanged) editor.view.dispatch(noHistory(tr));
}

/**
 * Selects a thread's anchor and scrolls to it (one walk of the document, on a click): its text, its image or
 * video, or the caret in its table cell.
 */
export function showAnchor(editor: Editor, threadId: string): boolean {
  commentsOf(editor).focused.set(threadId);
  const anchor = anchorsOf(editor.state.doc, commentMarkType(editor.schema)).get(threadId);
  if (!anchor) return false;
  if (!anchor.object) {
    editor.chain().setTextSelection(anchor).scrollIntoView().run();
    return true;
  }
  const { doc } = editor.state;
  const node = doc.nodeAt(anchor.from);
  const selection =
    node?.isInline === true ? NodeSelection.create(doc, anchor.from) : TextSelection.near(doc.resolve(anchor.from + 1));
  editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
  return true;
}
