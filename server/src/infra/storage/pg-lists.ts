import type pg from 'pg';
import { inTransaction } from './pg-pool';
import type { ListItemRow, ListStore } from './store';

interface ListItemDbRow {
  list_id: string;
  doc_id: string;
  token: string;
  added_at: number;
}

const toItem = (r: ListItemDbRow): ListItemRow => ({
  listId: r.list_id,
  docId: r.doc_id,
  token: r.token,
  addedAt: r.added_at,
});

const ITEM = 'SELECT list_id, doc_id, token, added_at FROM list_items';

/** "My documents" lists on PostgreSQL. Purging a document removes it from every list. */
export function createPgListStore(pool: pg.Pool): ListStore {
  return {
    async create(id, now) {
      await pool.query('INSERT INTO lists (id, created_at) VALUES ($1, $2)', [id, now]);
      return { id, createdAt: now };
    },
    async get(id) {
      const { rows } = await pool.query<{ id: string; created_at: number }>('SELECT * FROM lists WHERE id = $1', [id]);
      return rows[0] ? { id: rows[0].id, createdAt: rows[0].created_at } : undefined;
    },
    async items(listId) {
      const { rows } = await pool.query<ListItemDbRow>(`${ITEM} WHERE list_id = $1 ORDER BY added_at DESC, n DESC`, [
        listId,
      ]);
      return rows.map(toItem);
    },
    async getItem(listId, docId) {
      const { rows } = await pool.query<ListItemDbRow>(`${ITEM} WHERE list_id = $1 AND doc_id = $2`, [listId, docId]);
      return rows[0] ? toItem(rows[0]) : undefined;
    },
    async putItem(row, maxItems) {
      return inTransaction(pool, async (c) => {
        // One list's puts take turns, across instances too: the count and the insert see the same list.
        await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`list:${row.listId}`]);
        const updated = await c.query('UPDATE list_items SET token = $1 WHERE list_id = $2 AND doc_id = $3', [
          row.token,
          row.listId,
          row.docId,
        ]);
        if (updated.rowCount === 1) return 'updated';
        const { rows } = await c.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM list_items WHERE list_id = $1', [
          row.listId,
        ]);
        if ((rows[0]?.n ?? 0) >= maxItems) return 'full';
        await c.query('INSERT INTO list_items (list_id, doc_id, token, added_at) VALUES ($1, $2, $3, $4)', [
          row.listId,
          row.docId,
          row.token,
          row.addedAt,
        ]);
        return 'added';
      });
    },
    async removeItem(listId, docId) {
      const { rowCount } = await pool.query('DELETE FROM list_items WHERE list_id = $1 AND doc_id = $2', [
        listId,
        docId,
      ]);
      return (rowCount ?? 0) > 0;
    },
  };
}
