import type Database from 'better-sqlite3';
import type { VersionRow, VersionStore } from './store';
import { toMeta, type VersionMetaDbRow } from './version-rows';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS versions (
  id TEXT PRIMARY KEY,
  doc_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  reason TEXT NOT NULL,
  authors TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  chars INTEGER NOT NULL,
  inserted INTEGER NOT NULL,
  deleted INTEGER NOT NULL,
  name TEXT,
  -- Last: reading the columns before a large blob never walks its overflow pages.
  state BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS versions_doc_time ON versions(doc_id, created_at DESC);
`;

/** Metadata columns only: listing never reads the state blobs. */
const META = 'id, doc_id, created_at, reason, authors, bytes, chars, inserted, deleted, name';
// Newest first; rowid breaks ties between versions recorded in the same millisecond.
const ORDER = 'ORDER BY created_at DESC, rowid DESC';

interface VersionDbRow extends VersionMetaDbRow {
  state: Buffer;
}

const toRow = (r: VersionDbRow): VersionRow => ({
  ...toMeta(r),
  state: new Uint8Array(r.state.buffer, r.state.byteOffset, r.state.byteLength),
});

/** Creates the versions table (idempotent); the store's purge deletes from it too. */
export function createVersionsSchema(db: Database.Database): void {
  db.exec(SCHEMA);
}

/** Recorded versions (issue 13) in the embedded SQLite file. */
export function createSqliteVersionStore(db: Database.Database): VersionStore {
  createVersionsSchema(db);

  const q = {
    insert: db.prepare<
      [string, string, number, string, string, Uint8Array, number, number, number, number, string | null]
    >(
      `INSERT INTO versions (id, doc_id, created_at, reason, authors, state, bytes, chars, inserted, deleted, name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    list: db.prepare<[string, number, number], VersionMetaDbRow>(
      `SELECT ${META} FROM versions WHERE doc_id = ? ${ORDER} LIMIT ? OFFSET ?`,
    ),
    listAll: db.prepare<[string], VersionMetaDbRow>(`SELECT ${META} FROM versions WHERE doc_id = ? ${ORDER}`),
    // Counted from the index alone.
    count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM versions WHERE doc_id = ?'),
    get: db.prepare<[string, string], VersionDbRow>('SELECT * FROM versions WHERE doc_id = ? AND id = ?'),
    getMeta: db.prepare<[string, string], VersionMetaDbRow>(`SELECT ${META} FROM versions WHERE doc_id = ? AND id = ?`),
    latest: db.prepare<[string], VersionDbRow>(`SELECT * FROM versions WHERE doc_id = ? ${ORDER} LIMIT 1`),
    rename: db.prepare<[string | null, string, string]>('UPDATE versions SET name = ? WHERE doc_id = ? AND id = ?'),
    delete: db.prepare<[string, string]>('DELETE FROM versions WHERE doc_id = ? AND id = ?'),
    deleteDoc: db.prepare<[string]>('DELETE FROM versions WHERE doc_id = ?'),
  };

  const deleteTx = db.transaction((docId: string, ids: readonly string[]) => {
    for (const id of ids) q.delete.run(docId, id);
  });

  return {
    async insert(row) {
      q.insert.run(
        row.id,
        row.docId,
        row.createdAt,
        row.reason,
        JSON.stringify(row.authors),
        row.state,
        row.bytes,
        row.chars,
        row.inserted,
        row.deleted,
        row.name,
      );
    },
    async list(docId, { limit, offset }) {
      const items = q.list.all(docId, limit, offset).map(toMeta);
      const total = q.count.get(docId)?.n ?? 0;
      return { items, total };
    },
    async listAll(docId) {
      return q.listAll.all(docId).map(toMeta);
    },
    async get(docId, id) {
      const row = q.get.get(docId, id);
      return row ? toRow(row) : undefined;
    },
    async latest(docId) {
      const row = q.latest.get(docId);
      return row ? toRow(row) : undefined;
    },
    async rename(docId, id, name) {
      q.rename.run(name, docId, id);
      const row = q.getMeta.get(docId, id);
      return row ? toMeta(row) : undefined;
    },
    async deleteMany(docId, ids) {
      if (ids.length > 0) deleteTx(docId, ids);
    },
    async deleteDocumentVersions(docId) {
      q.deleteDoc.run(docId);
    },
  };
}
