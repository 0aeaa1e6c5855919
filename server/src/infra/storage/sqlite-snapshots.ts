import type Database from 'better-sqlite3';
import type { SnapshotRow, SnapshotStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshots (
  id TEXT PRIMARY KEY,
  doc_id TEXT NOT NULL,
  html TEXT NOT NULL,
  hash TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS snapshots_doc_time ON snapshots(doc_id, created_at);
`;

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

/** Autosave snapshots in the embedded SQLite file. */
export function createSqliteSnapshotStore(db: Database.Database): SnapshotStore {
  db.exec(SCHEMA);

  // Newest first; rowid breaks ties between snapshots saved in the same millisecond.
  const q = {
    latest: db.prepare<[string], SnapshotDbRow>(
      'SELECT * FROM snapshots WHERE doc_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    ),
    insert: db.prepare<[string, string, string, string, number, number]>(
      'INSERT INTO snapshots (id, doc_id, html, hash, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    prune: db.prepare<[string, string, number]>(
      `DELETE FROM snapshots WHERE doc_id = ? AND rowid IN (
         SELECT rowid FROM snapshots WHERE doc_id = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?
       )`,
    ),
    list: db.prepare<[string, number, number], SnapshotDbRow>(
      'SELECT * FROM snapshots WHERE doc_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
    ),
    count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM snapshots WHERE doc_id = ?'),
    get: db.prepare<[string, string], SnapshotDbRow>('SELECT * FROM snapshots WHERE doc_id = ? AND id = ?'),
    deleteDoc: db.prepare<[string]>('DELETE FROM snapshots WHERE doc_id = ?'),
  };

  const insertTx = db.transaction((row: SnapshotRow, keep: number) => {
    q.insert.run(row.id, row.docId, row.html, row.hash, row.bytes, row.createdAt);
    q.prune.run(row.docId, row.docId, Math.max(1, Math.floor(keep)));
  });

  return {
    async latest(docId) {
      const row = q.latest.get(docId);
      return row ? toRow(row) : undefined;
    },
    async insert(row, keep) {
      insertTx(row, keep);
    },
    async list(docId, { limit, offset }) {
      const items = q.list.all(docId, limit, offset).map(toRow);
      const total = q.count.get(docId)?.n ?? 0;
      return { items, total };
    },
    async get(docId, id) {
      const row = q.get.get(docId, id);
      return row ? toRow(row) : undefined;
    },
    async deleteDocumentSnapshots(docId) {
      q.deleteDoc.run(docId);
    },
  };
}
