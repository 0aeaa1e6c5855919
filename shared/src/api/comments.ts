import { Type, type Static } from 'typebox';
import { CommentLimits } from '../limits';

/**
 * Comments (issue 28). A thread is anchored in the text by the `comment` mark of the document model (its
 * `thread` attribute is the thread's id), so anchors follow concurrent edits like formatting does. Bodies,
 * replies and the resolve state live on the server and change only through this API:
 *
 *   GET    /api/documents/:id/comments                                → 200 CommentThread[] (creation order); read
 *   GET    /api/documents/:id/comments/:threadId                      → 200 CommentThread; read
 *   POST   /api/documents/:id/comments                                CreateThreadBody → 201 CommentThread; comment
 *   POST   /api/documents/:id/comments/:threadId/replies              CreateReplyBody → 201 CommentThread; comment
 *   PATCH  /api/documents/:id/comments/:threadId                      UpdateThreadBody → 200 CommentThread; comment
 *   PATCH  /api/documents/:id/comments/:threadId/replies/:commentId   EditCommentBody → 200 CommentThread; own
 *   DELETE /api/documents/:id/comments/:threadId/replies/:commentId   → 200 CommentThread; own, editors any
 *   DELETE /api/documents/:id/comments/:threadId                      → 204; own thread, editors any
 *
 * "read": any link of the document (viewers see comments read-only). "comment": an editor link (and the
 * commenter link once it exists). "own": the comment's author, known by the `X-Tandem-Author` header —
 * a random secret the browser keeps (CommentAuthorKey); the server stores only its hash and answers
 * `mine` per request, so no reader learns another author's key.
 *
 * After every change the server sends the document's connections a `comments` frame (y-websocket message
 * type COMMENTS_MESSAGE_TYPE, then a varString holding a CommentEvent as JSON); clients then fetch that
 * thread (or drop it when `deleted`). Other y-websocket clients ignore the unknown message type.
 */

export { COMMENT_AUTHOR_HEADER, COMMENTS_MESSAGE_TYPE } from './comment-values';

/** A thread or comment id (url-safe; the client makes a thread's, the server a reply's). */
export const CommentId = Type.String({ pattern: CommentLimits.idPattern, maxLength: CommentLimits.maxIdChars });

/** The browser's author key: 32–64 url-safe characters, generated once per browser and kept locally. */
export const CommentAuthorKey = Type.String({ pattern: '^[A-Za-z0-9_-]{32,64}$' });

/** A comment's text: plain text (links are found in it when shown), trimmed, 1 to maxBodyChars characters. */
export const CommentBody = Type.String({ minLength: 1, maxLength: CommentLimits.maxBodyChars });

export const CommentAuthor = Type.Object({
  /** The name the author had in the document when writing (their awareness name). */
  name: Type.String({ minLength: 1, maxLength: CommentLimits.maxAuthorNameChars }),
  /** Their presence colour, `#rrggbb`. */
  color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
});
export type CommentAuthor = Static<typeof CommentAuthor>;

export const Comment = Type.Object({
  id: CommentId,
  author: CommentAuthor,
  body: Type.String(),
  /** ms since the epoch. */
  createdAt: Type.Integer(),
  /** When the author last changed the body; null if never. */
  editedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the requesting author wrote it (their X-Tandem-Author key). */
  mine: Type.Boolean(),
});
export type Comment = Static<typeof Comment>;

export const CommentThread = Type.Object({
  id: CommentId,
  /** The anchored text when the thread was opened, shown for a thread whose anchor was deleted (orphaned). */
  quote: Type.String(),
  createdAt: Type.Integer(),
  resolved: Type.Boolean(),
  /** Who resolved it and when; null while open. */
  resolvedBy: Type.Union([CommentAuthor, Type.Null()]),
  resolvedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The opening comment first, then the replies, oldest first. Never empty. */
  comments: Type.Array(Comment),
});
export type CommentThread = Static<typeof CommentThread>;

export const CommentThreadList = Type.Array(CommentThread);
export type CommentThreadList = Static<typeof CommentThreadList>;

export const CommentThreadParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  threadId: Type.String({ maxLength: 64 }),
});
export type CommentThreadParams = Static<typeof CommentThreadParams>;

export const CommentParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  threadId: Type.String({ maxLength: 64 }),
  commentId: Type.String({ maxLength: 64 }),
});
export type CommentParams = Static<typeof CommentParams>;

/**
 * A new thread. The client makes the id (so it can set the anchor mark in the same step as it posts) and
 * sends the text it anchors to.
 */
export const CreateThreadBody = Type.Object(
  {
    id: CommentId,
    quote: Type.String({ maxLength: CommentLimits.maxQuoteChars }),
    body: CommentBody,
    author: CommentAuthor,
  },
  { additionalProperties: false },
);
export type CreateThreadBody = Static<typeof CreateThreadBody>;

export const CreateReplyBody = Type.Object(
  { body: CommentBody, author: CommentAuthor },
  { additionalProperties: false },
);
export type CreateReplyBody = Static<typeof CreateReplyBody>;

export const EditCommentBody = Type.Object({ body: CommentBody }, { additionalProperties: false });
export type EditCommentBody = Static<typeof EditCommentBody>;

/** Resolve (with who did it) or reopen. */
export const UpdateThreadBody = Type.Object(
  { resolved: Type.Boolean(), author: CommentAuthor },
  { additionalProperties: false },
);
export type UpdateThreadBody = Static<typeof UpdateThreadBody>;

/** What a comments frame carries: which thread changed. */
export const CommentEvent = Type.Object({
  threadId: CommentId,
  /** The thread is gone: drop it. Otherwise fetch it again. */
  deleted: Type.Optional(Type.Boolean()),
});
export type CommentEvent = Static<typeof CommentEvent>;
