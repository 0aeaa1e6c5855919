import type pg from 'pg';
import { inTransaction } from './pg-pool';
import type { SnapshotRow, SnapshotStore } from './store';

interface SnapshotDbRow {
  id: string;
  doc_id: string;
  html: string;
  hash: string;
  bytes: number;
  created_at: number;
}

const toRow = (r: SnapshotDbRow): SnapshotRow => ({
  id: r.id,
  docId: r.doc_id,
  html: r.html,
  hash: r.hash,
  bytes: r.bytes,
  createdAt: r.created_at,
});

const COLUMNS = 'SELECT id, doc_id, html, hash, bytes, created_at FROM snapshots';
// Newest first; n breaks ties between snapshots saved in the same millisecond.
const ORDER = 'ORDER BY created_at DESC, n DESC';

/** Autosave snapshots on PostgreSQL. */
export function createPgSnapshotStore(pool: pg.Pool): SnapshotStore {
  return {
    async latest(docId) {
      const { rows } = await pool.query<SnapshotDbRow>(`${COLUMNS} WHERE doc_id = $1 ${ORDER} LIMIT 1`, [docId]);
      return rows[0] ? toRow(rows[0]) : undefined;
    },
    async insert(row, keep) {
      await inTransaction(pool, async (c) => {
        await c.query(
          'INSERT INTO snapshots (id, doc_id, html, hash, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [row.id, row.docId, row.html, row.hash, row.bytes, row.createdAt],
        );
        await c.query(
          `DELETE FROM snapshots WHERE id IN (SELECT id FROM snapshots WHERE doc_id = $1 ${ORDER} OFFSET $2)`,
          [row.docId, Math.max(1, Math.floor(keep))],
        );
      });
    },
    async list(docId, { limit, offset }) {
      const [items, count] = await Promise.all([
        pool.query<SnapshotDbRow>(`${COLUMNS} WHERE doc_id = $1 ${ORDER} LIMIT $2 OFFSET $3`, [docId, limit, offset]),
        pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM snapshots WHERE doc_id = $1', [docId]),
      ]);
      return { items: items.rows.map(toRow), total: count.rows[0]?.n ?? 0 };
    },
    async get(docId, id) {
      const { rows } = await pool.query<SnapshotDbRow>(`${COLUMNS} WHERE doc_id = $1 AND id = $2`, [docId, id]);
      return rows[0] ? toRow(rows[0]) : undefined;
    },
    async deleteDocumentSnapshots(docId) {
      await pool.query('DELETE FROM snapshots WHERE doc_id = $1', [docId]);
    },
  };
}
