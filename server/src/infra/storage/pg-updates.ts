import type pg from 'pg';
import { fromBuffer, inTransaction, toBuffer } from './pg-pool';
import type { DocumentRow, DocumentStore, StoredUpdates, UpdateStore } from './store';

interface DocumentDbRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

const toRow = (r: DocumentDbRow): DocumentRow => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  deletedAt: r.deleted_at,
});

/** Ids compare byte-wise, as in SQLite, whatever the database's collation. */
const ID_ORDER = 'id COLLATE "C"';
/** Only one purge at a time across instances (it deletes from several tables). */
const PURGE_LOCK = 0x70757267;
const TOUCH_INTERVAL_MS = 5_000;

/**
 * Numbers and inserts one commit's updates ($1 document ids, $2 updates, in commit order). The heads are
 * raised first, in sorted id order (the inserts read their result), so two instances never deadlock;
 * each document's rows take the numbers after its old head in commit order. Answers each update's
 * position in the batch (1-based) with its number.
 */
const APPEND_SQL = `
WITH batch AS (
  SELECT d, data, ord FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS t(d, data, ord)
), counts AS (
  SELECT d, count(*) AS n FROM batch GROUP BY d
), heads AS (
  INSERT INTO doc_heads (doc_id, head)
    SELECT d, n FROM counts ORDER BY d COLLATE "C"
  ON CONFLICT (doc_id) DO UPDATE SET head = doc_heads.head + excluded.head
  RETURNING doc_id, head
), numbered AS (
  SELECT b.d, b.data, b.ord,
         h.head - c.n + row_number() OVER (PARTITION BY b.d ORDER BY b.ord) AS seq
    FROM batch b JOIN heads h ON h.doc_id = b.d JOIN counts c ON c.d = b.d
), inserted AS (
  INSERT INTO doc_updates (doc_id, seq, data) SELECT d, seq, data FROM numbered
)
SELECT ord, seq FROM numbered ORDER BY ord`;

export function createPgDocumentStore(pool: pg.Pool, forget: (id: string) => void): DocumentStore {
  const one = async (sql: string, params: unknown[]): Promise<DocumentRow | undefined> => {
    const { rows } = await pool.query<DocumentDbRow>(sql, params);
    return rows[0] ? toRow(rows[0]) : undefined;
  };
  return {
    async create(id, title, now) {
      await pool.query(
        'INSERT INTO documents (id, title, created_at, updated_at, deleted_at) VALUES ($1, $2, $3, $3, NULL)',
        [id, title, now],
      );
      return { id, title, createdAt: now, updatedAt: now, deletedAt: null };
    },
    get: (id) => one('SELECT * FROM documents WHERE id = $1', [id]),
    async getMany(ids) {
      const { rows } = await pool.query<DocumentDbRow>('SELECT * FROM documents WHERE id = ANY($1::text[])', [
        [...ids],
      ]);
      const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    rename: (id, title, now) =>
      one('UPDATE documents SET title = $1, updated_at = $2 WHERE id = $3 RETURNING *', [title, now, id]),
    setDeleted: (id, deletedAt) =>
      one('UPDATE documents SET deleted_at = $1 WHERE id = $2 RETURNING *', [deletedAt, id]),
    async list({ limit, offset, trash }) {
      const where = trash ? 'deleted_at IS NOT NULL' : 'deleted_at IS NULL';
      const order = trash ? `deleted_at DESC, ${ID_ORDER}` : `updated_at DESC, ${ID_ORDER}`;
      const [items, count] = await Promise.all([
        pool.query<DocumentDbRow>(`SELECT * FROM documents WHERE ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`, [
          limit,
          offset,
        ]),
        pool.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM documents WHERE ${where}`),
      ]);
      return { items: items.rows.map(toRow), total: count.rows[0]?.n ?? 0 };
    },
    async purgeDeletedBefore(before) {
      const ids = await inTransaction(pool, async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [PURGE_LOCK]);
        const { rows } = await c.query<{ id: string }>(
          `DELETE FROM documents WHERE deleted_at IS NOT NULL AND deleted_at < $1 RETURNING id`,
          [before],
        );
        const gone = rows.map((r) => r.id).sort();
        if (gone.length === 0) return gone;
        for (const table of ['doc_updates', 'doc_heads', 'versions', 'list_items', 'comments', 'comment_threads']) {
          await c.query(`DELETE FROM ${table} WHERE doc_id = ANY($1::text[])`, [gone]);
        }
        return gone;
      });
      for (const id of ids) forget(id);
      return ids;
    },
  };
}

export interface PgUpdateStore extends UpdateStore {
  /** This instance's record of when it last wrote a document's updated_at (documents forget on purge). */
  forget(docId: string): void;
}

/**
 * Each document's updates carry a gapless sequence number handed out by its row in doc_heads: an append
 * raises the head in the same transaction that inserts the rows, so a second instance appending to the
 * same document waits for the row lock and continues after the first's numbers, and a reader never sees a
 * later number without the earlier ones. Heads are taken in sorted id order, so two instances committing
 * overlapping documents never deadlock.
 */
export function createPgUpdateStore(pool: pg.Pool): PgUpdateStore {
  // updated_at is informational (lists, trash): written at most once per few seconds per document.
  const lastTouched = new Map<string, number>();

  return {
    forget(docId) {
      lastTouched.delete(docId);
    },

    async load(docId): Promise<StoredUpdates> {
      // One statement: one snapshot of the rows and of the check (no compaction in between).
      const { rows } = await pool.query<{
        seq: number;
        data: Buffer;
        checked_seq: number | null;
        checked_as: string | null;
      }>(
        `SELECT u.seq, u.data, h.checked_seq, h.checked_as
           FROM doc_updates u LEFT JOIN doc_heads h ON h.doc_id = u.doc_id
          WHERE u.doc_id = $1 ORDER BY u.seq`,
        [docId],
      );
      let bytes = 0;
      const updates = rows.map((r) => {
        bytes += r.data.byteLength;
        return fromBuffer(r.data);
      });
      // The check holds only for the very row it was recorded with, and only while it is the only row.
      const only = rows.length === 1 ? rows[0] : undefined;
      const checkedAs = only && only.checked_seq === only.seq ? only.checked_as : null;
      return { updates, bytes, checkedAs, head: rows.at(-1)?.seq ?? 0 };
    },

    async append(batch, now) {
      if (batch.length === 0) return [];
      const ids = [...new Set(batch.map((b) => b.docId))].sort();
      const touch = ids.filter((id) => now - (lastTouched.get(id) ?? 0) >= TOUCH_INTERVAL_MS);
      // One statement (its own transaction, one round trip, prepared once per connection): a commit is on
      // every edit's path to the other instances.
      const { rows } = await pool.query<{ ord: string | number; seq: string | number }>({
        name: 'tandem-append',
        text: APPEND_SQL,
        values: [batch.map((b) => b.docId), batch.map((b) => toBuffer(b.update))],
      });
      const numbers = new Array<number>(batch.length);
      for (const row of rows) numbers[Number(row.ord) - 1] = Number(row.seq);
      if (touch.length > 0) {
        // Its own transaction after the append: only informational, and never holding a head lock while
        // it waits for a document row (or the other way round).
        await pool.query(
          `UPDATE documents SET updated_at = $1 WHERE id IN (
             SELECT id FROM documents WHERE id = ANY($2::text[]) AND updated_at < $1 ORDER BY ${ID_ORDER} FOR UPDATE)`,
          [now, touch],
        );
      }
      if (lastTouched.size > 10_000) lastTouched.clear();
      for (const id of touch) lastTouched.set(id, now);
      return numbers;
    },

    async since(docId, after) {
      const { rows } = await pool.query<{ seq: string | number; data: Buffer }>({
        name: 'tandem-since',
        text: 'SELECT seq, data FROM doc_updates WHERE doc_id = $1 AND seq > $2 ORDER BY seq',
        values: [docId, after],
      });
      return rows.map((r) => ({ seq: Number(r.seq), update: fromBuffer(r.data) }));
    },

    async heads(docIds) {
      if (docIds.length === 0) return new Map();
      // Every instance asks twice a second: prepared once per connection.
      const { rows } = await pool.query<{ doc_id: string; head: string | number }>({
        name: 'tandem-heads',
        text: 'SELECT doc_id, head FROM doc_heads WHERE doc_id = ANY($1::text[])',
        values: [docIds],
      });
      return new Map(rows.map((r) => [r.doc_id, Number(r.head)]));
    },

    async compact(docId, state, checkedAs = null, upTo) {
      await inTransaction(pool, async (c) => {
        let at: number;
        if (upTo === undefined) {
          // The caller's state holds every stored row: it replaces them all, up to the current head
          // (locked here, so no append slips in between).
          const { rows } = await c.query<{ head: number }>(
            `INSERT INTO doc_heads (doc_id, head) VALUES ($1, 1)
             ON CONFLICT (doc_id) DO UPDATE SET head = doc_heads.head RETURNING head`,
            [docId],
          );
          at = rows[0]?.head ?? 1;
          await c.query('UPDATE doc_heads SET base = $2, checked_seq = $3, checked_as = $4 WHERE doc_id = $1', [
            docId,
            at,
            checkedAs ? at : null,
            checkedAs,
          ]);
        } else {
          // Compare-and-set: only a compaction past the current base, up to a number handed out. A second
          // compactor with the same (or an older) head finds the base moved and does nothing, unless it
          // records a check under another document model for the same rows (a server with new options).
          const moved = await c.query(
            `UPDATE doc_heads SET base = $2, checked_seq = $3, checked_as = $4
              WHERE doc_id = $1 AND head >= $2
                AND (base < $2 OR (base = $2 AND $4::text IS NOT NULL AND checked_as IS DISTINCT FROM $4))`,
            [docId, upTo, checkedAs ? upTo : null, checkedAs],
          );
          if (moved.rowCount !== 1) return;
          at = upTo;
        }
        // Rows above `at` were appended after the state was taken: they stay.
        await c.query('DELETE FROM doc_updates WHERE doc_id = $1 AND seq <= $2', [docId, at]);
        await c.query('INSERT INTO doc_updates (doc_id, seq, data) VALUES ($1, $2, $3)', [docId, at, toBuffer(state)]);
      });
    },
  };
}
