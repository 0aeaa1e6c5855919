import type Database from 'better-sqlite3';
import type { BlobRow, MediaStore, UploadListQuery } from './store';
import { toBlob, toUpload, type BlobDbRow, type UploadDbRow } from './media-rows';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS media_blobs (
  hash TEXT PRIMARY KEY,
  stored_name TEXT NOT NULL UNIQUE,
  thumb_name TEXT UNIQUE,
  mime TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS media_uploads (
  id TEXT PRIMARY KEY,
  doc_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'file', 'video')),
  hash TEXT NOT NULL REFERENCES media_blobs(hash),
  name TEXT NOT NULL,
  tag TEXT NOT NULL DEFAULT '',
  uploader TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS media_uploads_doc_kind_time ON media_uploads(doc_id, kind, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS media_uploads_doc_kind_hash ON media_uploads(doc_id, kind, hash);
CREATE INDEX IF NOT EXISTS media_uploads_hash ON media_uploads(hash);
`;

// Upload rows carry the blob's file facts through the join, so the two never disagree.
const UPLOAD_SELECT = `SELECT u.id, u.doc_id, u.kind, u.hash, b.stored_name, b.thumb_name, u.name, b.mime, b.bytes,
  b.width, b.height, u.tag, u.uploader, u.created_at
  FROM media_uploads u JOIN media_blobs b ON b.hash = u.hash`;

// Filters of the list query: kinds as a JSON array (null = all), the tag as one entry of the
// comma-separated list, the search as a case-insensitive substring (no LIKE, so no wildcard escaping).
const LIST_WHERE = `WHERE u.doc_id = @docId
  AND (@kinds IS NULL OR u.kind IN (SELECT value FROM json_each(@kinds)))
  AND (@tag IS NULL OR instr(',' || replace(u.tag, ', ', ',') || ',', ',' || @tag || ',') > 0)
  AND (@search IS NULL OR instr(lower(u.name), lower(@search)) > 0)`;

interface ListParams {
  docId: string;
  kinds: string | null;
  tag: string | null;
  search: string | null;
}

/** Upload records and content-addressed blobs in the embedded SQLite file. */
export function createSqliteMediaStore(db: Database.Database): MediaStore {
  db.exec(SCHEMA);

  const q = {
    getBlob: db.prepare<[string], BlobDbRow>('SELECT * FROM media_blobs WHERE hash = ?'),
    getBlobByName: db.prepare<[string, string], BlobDbRow>(
      'SELECT * FROM media_blobs WHERE stored_name = ? OR thumb_name = ?',
    ),
    // A blob first stored by the file pipeline (raw bytes) is replaced when the image pipeline
    // stores the same content re-encoded with a thumbnail.
    upsertBlob: db.prepare<[BlobDbRow]>(
      `INSERT INTO media_blobs (hash, stored_name, thumb_name, mime, bytes, width, height, created_at)
       VALUES (@hash, @stored_name, @thumb_name, @mime, @bytes, @width, @height, @created_at)
       ON CONFLICT(hash) DO UPDATE SET stored_name = excluded.stored_name, thumb_name = excluded.thumb_name,
         mime = excluded.mime, bytes = excluded.bytes, width = excluded.width, height = excluded.height`,
    ),
    deleteBlob: db.prepare<[string]>('DELETE FROM media_blobs WHERE hash = ?'),
    findUpload: db.prepare<[string, string, string], UploadDbRow>(
      `${UPLOAD_SELECT} WHERE u.doc_id = ? AND u.kind = ? AND u.hash = ?`,
    ),
    insertUpload: db.prepare<
      [
        {
          id: string;
          doc_id: string;
          kind: string;
          hash: string;
          name: string;
          tag: string;
          uploader: string;
          created_at: number;
        },
      ]
    >(
      `INSERT INTO media_uploads (id, doc_id, kind, hash, name, tag, uploader, created_at)
       VALUES (@id, @doc_id, @kind, @hash, @name, @tag, @uploader, @created_at)`,
    ),
    getUpload: db.prepare<[string], UploadDbRow>(`${UPLOAD_SELECT} WHERE u.id = ?`),
    byStoredName: db.prepare<[string, string], UploadDbRow>(
      `${UPLOAD_SELECT} WHERE b.stored_name = ? OR b.thumb_name = ? ORDER BY u.created_at, u.id`,
    ),
    list: db.prepare<[ListParams & { limit: number; offset: number }], UploadDbRow>(
      `${UPLOAD_SELECT} ${LIST_WHERE} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<[ListParams], { n: number }>(`SELECT COUNT(*) AS n FROM media_uploads u ${LIST_WHERE}`),
    setTag: db.prepare<[string, string]>('UPDATE media_uploads SET tag = ? WHERE id = ?'),
    deleteUpload: db.prepare<[string]>('DELETE FROM media_uploads WHERE id = ?'),
    refs: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM media_uploads WHERE hash = ?'),
    docHashes: db.prepare<[string], { hash: string }>('SELECT DISTINCT hash FROM media_uploads WHERE doc_id = ?'),
    deleteDocUploads: db.prepare<[string]>('DELETE FROM media_uploads WHERE doc_id = ?'),
  };

  /** Deletes the blob row when nothing references it any more; returns it (the caller removes files). */
  const dropIfOrphan = (hash: string): BlobRow | undefined => {
    if ((q.refs.get(hash)?.n ?? 0) > 0) return undefined;
    const blob = q.getBlob.get(hash);
    if (!blob) return undefined;
    q.deleteBlob.run(hash);
    return toBlob(blob);
  };

  const deleteUploadTx = db.transaction((id: string): BlobRow | undefined => {
    const row = q.getUpload.get(id);
    if (!row) return undefined;
    q.deleteUpload.run(id);
    return dropIfOrphan(row.hash);
  });

  const deleteDocumentTx = db.transaction((docId: string): BlobRow[] => {
    const hashes = q.docHashes.all(docId).map((r) => r.hash);
    q.deleteDocUploads.run(docId);
    const orphans: BlobRow[] = [];
    for (const hash of hashes) {
      const blob = dropIfOrphan(hash);
      if (blob) orphans.push(blob);
    }
    return orphans;
  });

  const listParams = (docId: string, query: UploadListQuery): ListParams => ({
    docId,
    kinds: query.kinds ? JSON.stringify(query.kinds) : null,
    tag: query.tag ? query.tag.trim() : null,
    search: query.search ? query.search : null,
  });

  return {
    async getBlob(hash) {
      const row = q.getBlob.get(hash);
      return row ? toBlob(row) : undefined;
    },
    async getBlobByStoredName(storedName) {
      const row = q.getBlobByName.get(storedName, storedName);
      return row ? toBlob(row) : undefined;
    },
    async insertBlob(row) {
      q.upsertBlob.run({
        hash: row.hash,
        stored_name: row.storedName,
        thumb_name: row.thumbName,
        mime: row.mime,
        bytes: row.bytes,
        width: row.width,
        height: row.height,
        created_at: row.createdAt,
      });
    },
    async findUpload(docId, kind, hash) {
      const row = q.findUpload.get(docId, kind, hash);
      return row ? toUpload(row) : undefined;
    },
    async insertUpload(row) {
      q.insertUpload.run({
        id: row.id,
        doc_id: row.docId,
        kind: row.kind,
        hash: row.hash,
        name: row.name,
        tag: row.tag,
        uploader: row.uploader,
        created_at: row.createdAt,
      });
    },
    async getUpload(id) {
      const row = q.getUpload.get(id);
      return row ? toUpload(row) : undefined;
    },
    async uploadsByStoredName(storedName) {
      return q.byStoredName.all(storedName, storedName).map(toUpload);
    },
    async listUploads(docId, query) {
      const params = listParams(docId, query);
      const items = q.list.all({ ...params, limit: query.limit, offset: query.offset }).map(toUpload);
      const total = q.count.get(params)?.n ?? 0;
      return { items, total };
    },
    async setTag(id, tag) {
      q.setTag.run(tag, id);
      const row = q.getUpload.get(id);
      return row ? toUpload(row) : undefined;
    },
    async deleteUpload(id) {
      return { orphan: deleteUploadTx(id) };
    },
    async deleteDocumentUploads(docId) {
      return deleteDocumentTx(docId);
    },
  };
}
