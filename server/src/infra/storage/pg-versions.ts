import type pg from 'pg';
import { fromBuffer, toBuffer } from './pg-pool';
import type { VersionRow, VersionStore } from './store';
import { toMeta, type VersionMetaDbRow } from './version-rows';

interface VersionDbRow extends VersionMetaDbRow {
  state: Buffer;
}

/** Metadata columns only: listing never reads the states. */
const META = 'id, doc_id, created_at, reason, authors, bytes, chars, inserted, deleted, name';
// Newest first; n breaks ties between versions recorded in the same millisecond.
const ORDER = 'ORDER BY created_at DESC, n DESC';

const toRow = (r: VersionDbRow): VersionRow => ({ ...toMeta(r), state: fromBuffer(r.state) });

/** Recorded versions (issue 13) on PostgreSQL. */
export function createPgVersionStore(pool: pg.Pool): VersionStore {
  return {
    async insert(row) {
      await pool.query(
        `INSERT INTO versions (id, doc_id, created_at, reason, authors, state, bytes, chars, inserted, deleted, name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.id,
          row.docId,
          row.createdAt,
          row.reason,
          JSON.stringify(row.authors),
          toBuffer(row.state),
          row.bytes,
          row.chars,
          row.inserted,
          row.deleted,
          row.name,
        ],
      );
    },
    async list(docId, { limit, offset }) {
      const [items, count] = await Promise.all([
        pool.query<VersionMetaDbRow>(`SELECT ${META} FROM versions WHERE doc_id = $1 ${ORDER} LIMIT $2 OFFSET $3`, [
          docId,
          limit,
          offset,
        ]),
        pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM versions WHERE doc_id = $1', [docId]),
      ]);
      return { items: items.rows.map(toMeta), total: count.rows[0]?.n ?? 0 };
    },
    async listAll(docId) {
      const { rows } = await pool.query<VersionMetaDbRow>(`SELECT ${META} FROM versions WHERE doc_id = $1 ${ORDER}`, [
        docId,
      ]);
      return rows.map(toMeta);
    },
    async get(docId, id) {
      const { rows } = await pool.query<VersionDbRow>(
        `SELECT ${META}, state FROM versions WHERE doc_id = $1 AND id = $2`,
        [docId, id],
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    },
    async latest(docId) {
      const { rows } = await pool.query<VersionDbRow>(
        `SELECT ${META}, state FROM versions WHERE doc_id = $1 ${ORDER} LIMIT 1`,
        [docId],
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    },
    async rename(docId, id, name) {
      const { rows } = await pool.query<VersionMetaDbRow>(
        `UPDATE versions SET name = $1 WHERE doc_id = $2 AND id = $3 RETURNING ${META}`,
        [name, docId, id],
      );
      return rows[0] ? toMeta(rows[0]) : undefined;
    },
    async deleteMany(docId, ids) {
      if (ids.length === 0) return;
      await pool.query('DELETE FROM versions WHERE doc_id = $1 AND id = ANY($2::text[])', [docId, [...ids]]);
    },
    async deleteDocumentVersions(docId) {
      await pool.query('DELETE FROM versions WHERE doc_id = $1', [docId]);
    },
  };
}
