import type pg from 'pg';
import { inTransaction } from './pg-pool';
import { toBlob, toUpload, type BlobDbRow, type UploadDbRow } from './media-rows';
import type { BlobRow, MediaStore, UploadListQuery } from './store';

const BLOB = 'SELECT hash, stored_name, thumb_name, mime, bytes, width, height, created_at FROM media_blobs';
// Upload rows carry the blob's file facts through the join, so the two never disagree.
const UPLOAD_SELECT = `SELECT u.id, u.doc_id, u.kind, u.hash, b.stored_name, b.thumb_name, u.name, b.mime, b.bytes,
  b.width, b.height, u.tag, u.uploader, u.created_at
  FROM media_uploads u JOIN media_blobs b ON b.hash = u.hash`;

// As in SQLite: kinds (null = all), the tag as one entry of the comma-separated list, the search as a
// case-insensitive substring (strpos, so no wildcard escaping). $1: document.
const LIST_WHERE = `WHERE u.doc_id = $1
  AND ($2::text[] IS NULL OR u.kind = ANY($2::text[]))
  AND ($3::text IS NULL OR strpos(',' || replace(u.tag, ', ', ',') || ',', ',' || $3 || ',') > 0)
  AND ($4::text IS NULL OR strpos(lower(u.name), lower($4)) > 0)`;

/** Upload records and content-addressed blobs on PostgreSQL. */
export function createPgMediaStore(pool: pg.Pool): MediaStore {
  const oneUpload = async (c: pg.Pool | pg.PoolClient, where: string, params: unknown[]) => {
    const { rows } = await c.query<UploadDbRow>(`${UPLOAD_SELECT} ${where}`, params);
    return rows[0] ? toUpload(rows[0]) : undefined;
  };

  /**
   * Deletes the blob row when nothing references it any more; returns it (the caller removes files). The
   * blob row is locked first: an upload of the same content elsewhere either lands before (and keeps
   * the blob) or fails its reference check after.
   */
  const dropIfOrphan = async (c: pg.PoolClient, hash: string): Promise<BlobRow | undefined> => {
    const { rows } = await c.query<BlobDbRow>(`${BLOB} WHERE hash = $1 FOR UPDATE`, [hash]);
    const blob = rows[0];
    if (!blob) return undefined;
    const refs = await c.query('SELECT 1 FROM media_uploads WHERE hash = $1 LIMIT 1', [hash]);
    if ((refs.rowCount ?? 0) > 0) return undefined;
    await c.query('DELETE FROM media_blobs WHERE hash = $1', [hash]);
    return toBlob(blob);
  };

  return {
    async getBlob(hash) {
      const { rows } = await pool.query<BlobDbRow>(`${BLOB} WHERE hash = $1`, [hash]);
      return rows[0] ? toBlob(rows[0]) : undefined;
    },
    async getBlobByStoredName(storedName) {
      const { rows } = await pool.query<BlobDbRow>(`${BLOB} WHERE stored_name = $1 OR thumb_name = $1 LIMIT 1`, [
        storedName,
      ]);
      return rows[0] ? toBlob(rows[0]) : undefined;
    },
    async insertBlob(row) {
      // A blob first stored by the file pipeline (raw bytes) is replaced when the image pipeline
      // stores the same content re-encoded with a thumbnail.
      await pool.query(
        `INSERT INTO media_blobs (hash, stored_name, thumb_name, mime, bytes, width, height, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (hash) DO UPDATE SET stored_name = excluded.stored_name, thumb_name = excluded.thumb_name,
           mime = excluded.mime, bytes = excluded.bytes, width = excluded.width, height = excluded.height`,
        [row.hash, row.storedName, row.thumbName, row.mime, row.bytes, row.width, row.height, row.createdAt],
      );
    },
    findUpload: (docId, kind, hash) =>
      oneUpload(pool, 'WHERE u.doc_id = $1 AND u.kind = $2 AND u.hash = $3', [docId, kind, hash]),
    async insertUpload(row) {
      await pool.query(
        `INSERT INTO media_uploads (id, doc_id, kind, hash, name, tag, uploader, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, row.docId, row.kind, row.hash, row.name, row.tag, row.uploader, row.createdAt],
      );
    },
    getUpload: (id) => oneUpload(pool, 'WHERE u.id = $1', [id]),
    async uploadsByStoredName(storedName) {
      const { rows } = await pool.query<UploadDbRow>(
        `${UPLOAD_SELECT} WHERE b.stored_name = $1 OR b.thumb_name = $1 ORDER BY u.created_at, u.id COLLATE "C"`,
        [storedName],
      );
      return rows.map(toUpload);
    },
    async listUploads(docId, query: UploadListQuery) {
      const params = [
        docId,
        query.kinds ? [...query.kinds] : null,
        query.tag ? query.tag.trim() : null,
        query.search || null,
      ];
      const [items, count] = await Promise.all([
        pool.query<UploadDbRow>(
          `${UPLOAD_SELECT} ${LIST_WHERE} ORDER BY u.created_at DESC, u.id COLLATE "C" DESC LIMIT $5 OFFSET $6`,
          [...params, query.limit, query.offset],
        ),
        pool.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM media_uploads u ${LIST_WHERE}`, params),
      ]);
      return { items: items.rows.map(toUpload), total: count.rows[0]?.n ?? 0 };
    },
    async setTag(id, tag) {
      await pool.query('UPDATE media_uploads SET tag = $1 WHERE id = $2', [tag, id]);
      return oneUpload(pool, 'WHERE u.id = $1', [id]);
    },
    async deleteUpload(id) {
      const orphan = await inTransaction(pool, async (c) => {
        const { rows } = await c.query<{ hash: string }>('DELETE FROM media_uploads WHERE id = $1 RETURNING hash', [
          id,
        ]);
        return rows[0] ? dropIfOrphan(c, rows[0].hash) : undefined;
      });
      return { orphan };
    },
    async deleteDocumentUploads(docId) {
      return inTransaction(pool, async (c) => {
        const { rows } = await c.query<{ hash: string }>('DELETE FROM media_uploads WHERE doc_id = $1 RETURNING hash', [
          docId,
        ]);
        const orphans: BlobRow[] = [];
        // Sorted: two purges lock shared blobs in the same order.
        for (const hash of [...new Set(rows.map((r) => r.hash))].sort()) {
          const blob = await dropIfOrphan(c, hash);
          if (blob) orphans.push(blob);
        }
        return orphans;
      });
    },
  };
}
