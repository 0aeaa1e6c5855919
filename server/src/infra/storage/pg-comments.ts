import type pg from 'pg';
import { assembleThreads, type CommentDbRow, type CommentThreadDbRow } from './comment-rows';
import { inTransaction, type Queryable } from './pg-pool';
import type { CommentRow, CommentStore } from './store';

const THREADS =
  'SELECT doc_id, id, quote, created_at, resolved_at, resolved_by_name, resolved_by_color FROM comment_threads';
const COMMENTS =
  'SELECT doc_id, id, thread_id, author_name, author_color, author_key_hash, body, created_at, edited_at FROM comments';

const insertComment = async (c: Queryable, r: CommentRow): Promise<void> => {
  await c.query(
    `INSERT INTO comments (doc_id, id, thread_id, author_name, author_color, author_key_hash, body, created_at, edited_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [r.docId, r.id, r.threadId, r.authorName, r.authorColor, r.authorKeyHash, r.body, r.createdAt, r.editedAt],
  );
};

/** One document's comment writes take turns, across instances too: a count and its insert see the same rows. */
const lockDocument = async (c: Queryable, docId: string): Promise<void> => {
  await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`comments:${docId}`]);
};

/** Comment threads on PostgreSQL. Purging a document deletes its threads (pg-updates.ts). */
export function createPgCommentStore(pool: pg.Pool): CommentStore {
  return {
    async list(docId) {
      const threads = await pool.query<CommentThreadDbRow>(`${THREADS} WHERE doc_id = $1 ORDER BY created_at, n`, [
        docId,
      ]);
      const comments = await pool.query<CommentDbRow>(`${COMMENTS} WHERE doc_id = $1 ORDER BY created_at, n`, [docId]);
      return assembleThreads(threads.rows, comments.rows);
    },
    async get(docId, threadId) {
      const threads = await pool.query<CommentThreadDbRow>(`${THREADS} WHERE doc_id = $1 AND id = $2`, [
        docId,
        threadId,
      ]);
      if (threads.rows.length === 0) return undefined;
      const comments = await pool.query<CommentDbRow>(
        `${COMMENTS} WHERE doc_id = $1 AND thread_id = $2 ORDER BY created_at, n`,
        [docId, threadId],
      );
      return assembleThreads(threads.rows, comments.rows)[0];
    },
    async createThread(t, maxThreads) {
      return inTransaction(pool, async (c) => {
        await lockDocument(c, t.docId);
        const { rows } = await c.query<{ n: number; taken: boolean }>(
          'SELECT COUNT(*)::int AS n, bool_or(id = $2) AS taken FROM comment_threads WHERE doc_id = $1',
          [t.docId, t.id],
        );
        if (rows[0]?.taken) return 'exists';
        if ((rows[0]?.n ?? 0) >= maxThreads) return 'full';
        await c.query('INSERT INTO comment_threads (doc_id, id, quote, created_at) VALUES ($1, $2, $3, $4)', [
          t.docId,
          t.id,
          t.quote,
          t.createdAt,
        ]);
        await insertComment(c, t.first);
        return 'created';
      });
    },
    async addComment(r, maxComments) {
      return inTransaction(pool, async (c) => {
        await lockDocument(c, r.docId);
        const thread = await c.query('SELECT 1 FROM comment_threads WHERE doc_id = $1 AND id = $2', [
          r.docId,
          r.threadId,
        ]);
        if (thread.rows.length === 0) return 'no-thread';
        const { rows } = await c.query<{ n: number }>(
          'SELECT COUNT(*)::int AS n FROM comments WHERE doc_id = $1 AND thread_id = $2',
          [r.docId, r.threadId],
        );
        if ((rows[0]?.n ?? 0) >= maxComments) return 'full';
        await insertComment(c, r);
        return 'added';
      });
    },
    async editComment(docId, threadId, commentId, body, editedAt) {
      const { rowCount } = await pool.query(
        'UPDATE comments SET body = $1, edited_at = $2 WHERE doc_id = $3 AND thread_id = $4 AND id = $5',
        [body, editedAt, docId, threadId, commentId],
      );
      return (rowCount ?? 0) > 0;
    },
    async setResolved(docId, threadId, r) {
      const { rowCount } = await pool.query(
        `UPDATE comment_threads SET resolved_at = $1, resolved_by_name = $2, resolved_by_color = $3
         WHERE doc_id = $4 AND id = $5`,
        [r?.at ?? null, r?.name ?? null, r?.color ?? null, docId, threadId],
      );
      return (rowCount ?? 0) > 0;
    },
    async deleteComment(docId, threadId, commentId) {
      const { rowCount } = await pool.query('DELETE FROM comments WHERE doc_id = $1 AND thread_id = $2 AND id = $3', [
        docId,
        threadId,
        commentId,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async deleteThread(docId, threadId) {
      return inTransaction(pool, async (c) => {
        await lockDocument(c, docId);
        await c.query('DELETE FROM comments WHERE doc_id = $1 AND thread_id = $2', [docId, threadId]);
        const { rowCount } = await c.query('DELETE FROM comment_threads WHERE doc_id = $1 AND id = $2', [
          docId,
          threadId,
        ]);
        return (rowCount ?? 0) > 0;
      });
    },
    async deleteDocumentComments(docId) {
      await inTransaction(pool, async (c) => {
        await lockDocument(c, docId);
        await c.query('DELETE FROM comments WHERE doc_id = $1', [docId]);
        await c.query('DELETE FROM comment_threads WHERE doc_id = $1', [docId]);
      });
    },
  };
}
