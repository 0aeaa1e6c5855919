import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as encoding from 'lib0/encoding';
import {
  COMMENT_AUTHOR_HEADER,
  COMMENTS_MESSAGE_TYPE,
  type Comment,
  type CommentAuthor,
  type CommentEvent,
  type CommentThread,
} from '@shared/api/comments';
import { AppError } from '../../infra/errors/app-error';
import type { AccessRole } from '../../infra/security/access';
import type { CommentRow, CommentThreadRow } from '../../infra/storage/store';
import { cleanBody, cleanLine } from '../../domain/comments/clean-text';

/** CommentAuthorKey's pattern (shared/src/api/comments.ts). */
const AUTHOR_KEY = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The hash of the request's author key (`X-Tandem-Author`), or null when it has none or a malformed one.
 * Only the hash is kept or compared: a stored row never gives a key away.
 */
export function authorKeyHash(request: FastifyRequest): string | null {
  const key = request.headers[COMMENT_AUTHOR_HEADER];
  if (typeof key !== 'string' || !AUTHOR_KEY.test(key)) return null;
  return createHash('sha256').update(key).digest('hex');
}

/** A write's author key hash; COMMENT_AUTHOR_REQUIRED without a valid key. */
export function requireAuthor(request: FastifyRequest): string {
  const hash = authorKeyHash(request);
  if (hash === null) throw new AppError('COMMENT_AUTHOR_REQUIRED');
  return hash;
}

/**
 * Whether this link may delete a comment (or a thread, by its opening comment) written by `authorHash`:
 * its author always; anyone's with an editor (or admin) link; a commenter link only its own.
 */
export function mayDelete(role: AccessRole, authorHash: string, requester: string): boolean {
  return role === 'editor' || role === 'admin' || authorHash === requester;
}

/** A body as stored; COMMENT_BODY_INVALID when nothing is left of it or it is too long. */
export function requireBody(raw: string): string {
  const body = cleanBody(raw);
  if (body === null) throw new AppError('COMMENT_BODY_INVALID');
  return body;
}

/** The author as stored: a name on one line (VALIDATION_FAILED when nothing is left), a lower-case colour. */
export function cleanAuthor(author: CommentAuthor): CommentAuthor {
  const name = cleanLine(author.name);
  if (name.length === 0) throw new AppError('VALIDATION_FAILED');
  return { name, color: author.color.toLowerCase() };
}

/** A reply's (or opening comment's) id, made by the server: 16 url-safe characters. */
export const newCommentId = (): string => randomBytes(12).toString('base64url');

const toComment = (row: CommentRow, requester: string | null): Comment => ({
  id: row.id,
  author: { name: row.authorName, color: row.authorColor },
  body: row.body,
  createdAt: row.createdAt,
  editedAt: row.editedAt,
  mine: requester !== null && row.authorKeyHash === requester,
});

/** A thread as the API answers it to `requester` (its author key hash, or null). */
export function toThread(row: CommentThreadRow, requester: string | null): CommentThread {
  return {
    id: row.id,
    quote: row.quote,
    createdAt: row.createdAt,
    resolved: row.resolved !== null,
    resolvedBy: row.resolved ? { name: row.resolved.name, color: row.resolved.color } : null,
    resolvedAt: row.resolved?.at ?? null,
    comments: row.comments.map((c) => toComment(c, requester)),
  };
}

/** The comments frame of an event: varUint(COMMENTS_MESSAGE_TYPE), then the event as JSON (varString). */
export function commentsFrame(event: CommentEvent): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, COMMENTS_MESSAGE_TYPE);
  encoding.writeVarString(e, JSON.stringify(event));
  return encoding.toUint8Array(e);
}
