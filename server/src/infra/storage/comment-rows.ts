import type { CommentRow, CommentThreadRow } from './store';

/** A comment_threads row as both engines return it. */
export interface CommentThreadDbRow {
  doc_id: string;
  id: string;
  quote: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by_name: string | null;
  resolved_by_color: string | null;
}

/** A comments row as both engines return it. */
export interface CommentDbRow {
  doc_id: string;
  id: string;
  thread_id: string;
  author_name: string;
  author_color: string;
  author_key_hash: string;
  body: string;
  created_at: number;
  edited_at: number | null;
}

export const toComment = (r: CommentDbRow): CommentRow => ({
  id: r.id,
  docId: r.doc_id,
  threadId: r.thread_id,
  authorName: r.author_name,
  authorColor: r.author_color,
  authorKeyHash: r.author_key_hash,
  body: r.body,
  createdAt: r.created_at,
  editedAt: r.edited_at,
});

/** Threads (in their order) with their comments (in theirs); comments of no listed thread are left out. */
export function assembleThreads(threads: CommentThreadDbRow[], comments: CommentDbRow[]): CommentThreadRow[] {
  const byThread = new Map<string, CommentRow[]>();
  for (const row of comments) {
    const list = byThread.get(row.thread_id) ?? [];
    byThread.set(row.thread_id, list);
    list.push(toComment(row));
  }
  return threads.map((t) => ({
    id: t.id,
    docId: t.doc_id,
    quote: t.quote,
    createdAt: t.created_at,
    resolved:
      t.resolved_at === null
        ? null
        : { name: t.resolved_by_name ?? '', color: t.resolved_by_color ?? '#000000', at: t.resolved_at },
    comments: byThread.get(t.id) ?? [],
  }));
}
