import type Database from 'better-sqlite3';
import { assembleThreads, type CommentDbRow, type CommentThreadDbRow } from './comment-rows';
import type { CommentRow, CommentStore, NewCommentThread } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS comment_threads (
  doc_id TEXT NOT NULL,
  id TEXT NOT NULL,
  quote TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER,
  resolved_by_name TEXT,
  resolved_by_color TEXT,
  PRIMARY KEY (doc_id, id)
);
CREATE TABLE IF NOT EXISTS comments (
  doc_id TEXT NOT NULL,
  id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_color TEXT NOT NULL,
  author_key_hash TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  edited_at INTEGER,
  PRIMARY KEY (doc_id, id)
);
CREATE INDEX IF NOT EXISTS comments_thread ON comments(doc_id, thread_id);
`;

// rowid breaks ties of one millisecond in insertion order.
const THREADS = 'SELECT * FROM comment_threads WHERE doc_id = ?';
const COMMENTS = 'SELECT * FROM comments WHERE doc_id = ?';

/** Comment threads in the embedded SQLite file. Purging a document deletes its threads (sqlite-store.ts). */
export function createSqliteCommentStore(db: Database.Database): CommentStore {
  db.exec(SCHEMA);

  const q = {
    threads: db.prepare<[string], CommentThreadDbRow>(`${THREADS} ORDER BY created_at, rowid`),
    thread: db.prepare<[string, string], CommentThreadDbRow>(`${THREADS} AND id = ?`),
    comments: db.prepare<[string], CommentDbRow>(`${COMMENTS} ORDER BY created_at, rowid`),
    threadComments: db.prepare<[string, string], CommentDbRow>(
      `${COMMENTS} AND thread_id = ? ORDER BY created_at, rowid`,
    ),
    countThreads: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM comment_threads WHERE doc_id = ?'),
    countComments: db.prepare<[string, string], { n: number }>(
      'SELECT COUNT(*) AS n FROM comments WHERE doc_id = ? AND thread_id = ?',
    ),
    insertThread: db.prepare<[string, string, string, number]>(
      'INSERT INTO comment_threads (doc_id, id, quote, created_at) VALUES (?, ?, ?, ?)',
    ),
    insertComment: db.prepare<[string, string, string, string, string, string, string, number, number | null]>(
      `INSERT INTO comments (doc_id, id, thread_id, author_name, author_color, author_key_hash, body, created_at, edited_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    edit: db.prepare<[string, number, string, string, string]>(
      'UPDATE comments SET body = ?, edited_at = ? WHERE doc_id = ? AND thread_id = ? AND id = ?',
    ),
    resolve: db.prepare<[number | null, string | null, string | null, string, string]>(
      'UPDATE comment_threads SET resolved_at = ?, resolved_by_name = ?, resolved_by_color = ? WHERE doc_id = ? AND id = ?',
    ),
    deleteComment: db.prepare<[string, string, string]>(
      'DELETE FROM comments WHERE doc_id = ? AND thread_id = ? AND id = ?',
    ),
    deleteThreadComments: db.prepare<[string, string]>('DELETE FROM comments WHERE doc_id = ? AND thread_id = ?'),
    deleteThread: db.prepare<[string, string]>('DELETE FROM comment_threads WHERE doc_id = ? AND id = ?'),
    deleteDocComments: db.prepare<[string]>('DELETE FROM comments WHERE doc_id = ?'),
    deleteDocThreads: db.prepare<[string]>('DELETE FROM comment_threads WHERE doc_id = ?'),
  };

  const insertComment = (r: CommentRow): void => {
    q.insertComment.run(
      r.docId,
      r.id,
      r.threadId,
      r.authorName,
      r.authorColor,
      r.authorKeyHash,
      r.body,
      r.createdAt,
      r.editedAt,
    );
  };
  // One transaction each: the count and the insert see the same rows (no two requests overfill).
  const createTx = db.transaction((t: NewCommentThread, maxThreads: number): 'created' | 'exists' | 'full' => {
    if (q.thread.get(t.docId, t.id)) return 'exists';
    if ((q.countThreads.get(t.docId)?.n ?? 0) >= maxThreads) return 'full';
    q.insertThread.run(t.docId, t.id, t.quote, t.createdAt);
    insertComment(t.first);
    return 'created';
  });
  const addTx = db.transaction((r: CommentRow, maxComments: number): 'added' | 'no-thread' | 'full' => {
    if (!q.thread.get(r.docId, r.threadId)) return 'no-thread';
    if ((q.countComments.get(r.docId, r.threadId)?.n ?? 0) >= maxComments) return 'full';
    insertComment(r);
    return 'added';
  });
  const deleteThreadTx = db.transaction((docId: string, threadId: string): boolean => {
    q.deleteThreadComments.run(docId, threadId);
    return q.deleteThread.run(docId, threadId).changes > 0;
  });
  const deleteDocTx = db.transaction((docId: string) => {
    q.deleteDocComments.run(docId);
    q.deleteDocThreads.run(docId);
  });

  return {
    async list(docId) {
      return assembleThreads(q.threads.all(docId), q.comments.all(docId));
    },
    async get(docId, threadId) {
      const thread = q.thread.get(docId, threadId);
      return thread ? assembleThreads([thread], q.threadComments.all(docId, threadId))[0] : undefined;
    },
    async createThread(thread, maxThreads) {
      return createTx(thread, maxThreads);
    },
    async addComment(row, maxComments) {
      return addTx(row, maxComments);
    },
    async editComment(docId, threadId, commentId, body, editedAt) {
      return q.edit.run(body, editedAt, docId, threadId, commentId).changes > 0;
    },
    async setResolved(docId, threadId, resolved) {
      const r = resolved;
      return q.resolve.run(r?.at ?? null, r?.name ?? null, r?.color ?? null, docId, threadId).changes > 0;
    },
    async deleteComment(docId, threadId, commentId) {
      return q.deleteComment.run(docId, threadId, commentId).changes > 0;
    },
    async deleteThread(docId, threadId) {
      return deleteThreadTx(docId, threadId);
    },
    async deleteDocumentComments(docId) {
      deleteDocTx(docId);
    },
  };
}
