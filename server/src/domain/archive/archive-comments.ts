import { randomBytes } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { CommentLimits } from '@shared/limits';
import type { CommentRow, NewCommentThread, Store } from '../../infra/storage/store';
import { cleanBody, cleanLine, cleanQuote } from '../comments/clean-text';

/*
 * A document archive's comment threads (issue 28): thread ids stay (the anchor marks in the state name
 * them); comment ids are made again on import. Authors keep their key's hash, so an author's own comments
 * stay theirs after the document moved (the key itself is never stored anywhere).
 */

const Time = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const Name = Type.String({ minLength: 1, maxLength: CommentLimits.maxAuthorNameChars });

const ArchivedComment = Type.Object(
  {
    authorName: Name,
    authorColor: Color,
    authorKeyHash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    body: Type.String({ maxLength: CommentLimits.maxBodyChars * 2 }),
    createdAt: Time,
    editedAt: Type.Union([Time, Type.Null()]),
  },
  { additionalProperties: false },
);

export const ArchivedThread = Type.Object(
  {
    id: Type.String({ pattern: CommentLimits.idPattern, maxLength: CommentLimits.maxIdChars }),
    quote: Type.String({ maxLength: CommentLimits.maxQuoteChars * 2 }),
    createdAt: Time,
    resolved: Type.Union([
      Type.Object({ name: Name, color: Color, at: Time }, { additionalProperties: false }),
      Type.Null(),
    ]),
    comments: Type.Array(ArchivedComment, { minItems: 1, maxItems: CommentLimits.maxCommentsPerThread }),
  },
  { additionalProperties: false },
);
export type ArchivedThread = Static<typeof ArchivedThread>;

/** The archive's `comments` field: absent in archives made before comments existed. */
export const ArchivedThreads = Type.Array(ArchivedThread, { maxItems: CommentLimits.maxThreadsPerDocument });

/** The document's threads as an archive carries them. */
export async function exportThreads(store: Store, docId: string): Promise<ArchivedThread[]> {
  return (await store.comments.list(docId)).map((t) => ({
    id: t.id,
    quote: t.quote,
    createdAt: t.createdAt,
    resolved: t.resolved,
    comments: t.comments.map((c) => ({
      authorName: c.authorName,
      authorColor: c.authorColor,
      authorKeyHash: c.authorKeyHash,
      body: c.body,
      createdAt: c.createdAt,
      editedAt: c.editedAt,
    })),
  }));
}

/**
 * An archive's threads cleaned as the API cleans them (a comment left empty is dropped; a thread whose
 * opening comment is dropped goes with it), ready to write under any document id.
 */
export type PreparedThread = Omit<NewCommentThread, 'docId'> & {
  replies: CommentRow[];
  resolved: ArchivedThread['resolved'];
};

/** One archived comment as stored, or null when nothing is left of its text or its author's name. */
function cleanComment(c: ArchivedThread['comments'][number], threadId: string): CommentRow | null {
  const body = cleanBody(c.body);
  const name = cleanLine(c.authorName);
  if (body === null || name.length === 0) return null;
  return {
    id: randomBytes(12).toString('base64url'),
    docId: '',
    threadId,
    authorName: name,
    authorColor: c.authorColor.toLowerCase(),
    authorKeyHash: c.authorKeyHash,
    body,
    createdAt: c.createdAt,
    editedAt: c.editedAt,
  };
}

export function prepareThreads(threads: readonly ArchivedThread[]): PreparedThread[] {
  const prepared: PreparedThread[] = [];
  const seen = new Set<string>();
  for (const t of threads) {
    if (seen.has(t.id)) continue;
    const [first, ...rest] = t.comments.map((c) => cleanComment(c, t.id));
    if (!first) continue;
    seen.add(t.id);
    const replies = rest.filter((c): c is CommentRow => c !== null);
    const resolved = t.resolved ? { ...t.resolved, name: cleanLine(t.resolved.name) || '?' } : null;
    prepared.push({ id: t.id, quote: cleanQuote(t.quote), createdAt: t.createdAt, first, replies, resolved });
  }
  return prepared;
}

/** Writes prepared threads into document `docId` (a new one: no limit can be reached beyond the archive's). */
export async function importThreads(store: Store, docId: string, threads: readonly PreparedThread[]): Promise<number> {
  let written = 0;
  for (const t of threads) {
    const thread = { id: t.id, docId, quote: t.quote, createdAt: t.createdAt, first: { ...t.first, docId } };
    if ((await store.comments.createThread(thread, CommentLimits.maxThreadsPerDocument)) !== 'created') continue;
    for (const r of t.replies) await store.comments.addComment({ ...r, docId }, CommentLimits.maxCommentsPerThread);
    if (t.resolved) await store.comments.setResolved(docId, t.id, t.resolved);
    written++;
  }
  return written;
}
