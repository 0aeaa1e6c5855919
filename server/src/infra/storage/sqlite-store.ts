import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteCommentStore } from './sqlite-comments';
import { createSqliteLeaseStore } from './sqlite-leases';
import { createSqliteListStore } from './sqlite-lists';
import { createSqliteMediaStore } from './sqlite-media';
import { createSqliteSnapshotStore } from './sqlite-snapshots';
import { createSqliteVersionStore } from './sqlite-versions';
import type { DocumentRow, DocumentStore, Store, StoredUpdates, UpdateStore } from './store';

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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS documents (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX IF NOT EXISTS documents_deleted_at ON documents(deleted_at);
CREATE TABLE IF NOT EXISTS doc_updates (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_id TEXT NOT NULL,
  data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_updates_doc ON doc_updates(doc_id, seq);
CREATE TABLE IF NOT EXISTS doc_updates_recent (
  seq INTEGER PRIMARY KEY,
  doc_id TEXT NOT NULL,
  data BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_checked (
  doc_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  fingerprint TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL);
`;

const TOUCH_INTERVAL_MS = 5_000;
/**
 * Commits append to doc_updates_recent, which has no index: all rows of a commit share its last page, where
 * doc_updates would dirty one index page per document (one WAL frame each). Once it holds this many rows
 * they move to doc_updates in one statement, sorted by document, so each index page is written once for
 * many rows.
 */
const RECENT_ROWS_BEFORE_MOVE = 4_096;

/** Opens (creating if needed) `<dataDir>/tandem.sqlite` in WAL mode. */
export function openSqliteStore(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'tandem.sqlite'));
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL: a committed transaction survives a process crash (kill -9); only an OS crash
  // can lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  // Created before the statements below: the purge deletes a document's versions, list items and comments too.
  const versions = createSqliteVersionStore(db);
  const lists = createSqliteListStore(db);
  const comments = createSqliteCommentStore(db);

  const q = {
    insertDoc: db.prepare<[string, string, number, number]>(
      'INSERT INTO documents (id, title, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, NULL)',
    ),
    getDoc: db.prepare<[string], DocumentDbRow>('SELECT * FROM documents WHERE id = ?'),
    rename: db.prepare<[string, number, string]>('UPDATE documents SET title = ?, updated_at = ? WHERE id = ?'),
    setDeleted: db.prepare<[number | null, string]>('UPDATE documents SET deleted_at = ? WHERE id = ?'),
    touch: db.prepare<[number, string]>('UPDATE documents SET updated_at = ? WHERE id = ?'),
    listLive: db.prepare<[number, number], DocumentDbRow>(
      'SELECT * FROM documents WHERE deleted_at IS NULL ORDER BY updated_at DESC, id LIMIT ? OFFSET ?',
    ),
    listTrash: db.prepare<[number, number], DocumentDbRow>(
      'SELECT * FROM documents WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id LIMIT ? OFFSET ?',
    ),
    countLive: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents WHERE deleted_at IS NULL'),
    countTrash: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents WHERE deleted_at IS NOT NULL'),
    expired: db.prepare<[number], { id: string }>(
      'SELECT id FROM documents WHERE deleted_at IS NOT NULL AND deleted_at < ?',
    ),
    deleteDoc: db.prepare<[string]>('DELETE FROM documents WHERE id = ?'),
    loadUpdates: db.prepare<[string], { seq: number; data: Buffer }>(
      'SELECT seq, data FROM doc_updates WHERE doc_id = ? ORDER BY seq',
    ),
    getChecked: db.prepare<[string], { seq: number; fingerprint: string }>(
      'SELECT seq, fingerprint FROM doc_checked WHERE doc_id = ?',
    ),
    setChecked: db.prepare<[string, number, string]>(
      'INSERT OR REPLACE INTO doc_checked (doc_id, seq, fingerprint) VALUES (?, ?, ?)',
    ),
    deleteChecked: db.prepare<[string]>('DELETE FROM doc_checked WHERE doc_id = ?'),
    loadRecent: db.prepare<[string], { data: Buffer }>(
      'SELECT data FROM doc_updates_recent WHERE doc_id = ? ORDER BY seq',
    ),
    insertUpdate: db.prepare<[string, Uint8Array]>('INSERT INTO doc_updates (doc_id, data) VALUES (?, ?)'),
    insertRecent: db.prepare<[string, Uint8Array]>('INSERT INTO doc_updates_recent (doc_id, data) VALUES (?, ?)'),
    moveRecent: db.prepare<[]>(
      'INSERT INTO doc_updates (doc_id, data) SELECT doc_id, data FROM doc_updates_recent ORDER BY doc_id, seq',
    ),
    clearRecent: db.prepare<[]>('DELETE FROM doc_updates_recent'),
    countRecent: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM doc_updates_recent'),
    deleteUpdates: db.prepare<[string]>('DELETE FROM doc_updates WHERE doc_id = ?'),
    deleteRecent: db.prepare<[string]>('DELETE FROM doc_updates_recent WHERE doc_id = ?'),
    deleteVersions: db.prepare<[string]>('DELETE FROM versions WHERE doc_id = ?'),
    deleteListItems: db.prepare<[string]>('DELETE FROM list_items WHERE doc_id = ?'),
    deleteComments: db.prepare<[string]>('DELETE FROM comments WHERE doc_id = ?'),
    deleteCommentThreads: db.prepare<[string]>('DELETE FROM comment_threads WHERE doc_id = ?'),
    health: db.prepare<[number]>(
      'INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET checked_at = excluded.checked_at',
    ),
  };

  // updated_at is informational (lists, trash); writing it once per few seconds per document keeps
  // busy commits to one statement per update.
  const lastTouched = new Map<string, number>();
  // Every row of doc_updates is older than every row of doc_updates_recent (rows only move, all at once).
  const moveRecent = (): void => {
    q.moveRecent.run();
    q.clearRecent.run();
  };
  const appendTx = db.transaction(
    (batch: ReadonlyArray<{ docId: string; update: Uint8Array }>, now: number, move: boolean) => {
      for (const { docId, update } of batch) {
        q.insertRecent.run(docId, update);
        if (now - (lastTouched.get(docId) ?? 0) >= TOUCH_INTERVAL_MS) {
          q.touch.run(now, docId);
          if (lastTouched.size > 10_000) lastTouched.clear();
          lastTouched.set(docId, now);
        }
      }
      if (move) moveRecent();
    },
  );
  // Rows a previous process left behind (it stopped before their move) move now.
  if ((q.countRecent.get()?.n ?? 0) > 0) db.transaction(moveRecent)();
  let recentRows = 0;
  const compactTx = db.transaction((docId: string, state: Uint8Array, checkedAs: string | null) => {
    q.deleteUpdates.run(docId);
    q.deleteRecent.run(docId);
    const { lastInsertRowid } = q.insertUpdate.run(docId, state);
    if (checkedAs) q.setChecked.run(docId, Number(lastInsertRowid), checkedAs);
    else q.deleteChecked.run(docId);
  });
  const purgeTx = db.transaction((before: number) => {
    const ids = q.expired.all(before).map((r) => r.id);
    for (const id of ids) {
      q.deleteUpdates.run(id);
      q.deleteRecent.run(id);
      q.deleteChecked.run(id);
      q.deleteVersions.run(id);
      q.deleteListItems.run(id);
      q.deleteComments.run(id);
      q.deleteCommentThreads.run(id);
      q.deleteDoc.run(id);
    }
    return ids;
  });

  const documents: DocumentStore = {
    async create(id, title, now) {
      q.insertDoc.run(id, title, now, now);
      return { id, title, createdAt: now, updatedAt: now, deletedAt: null };
    },
    async get(id) {
      const row = q.getDoc.get(id);
      return row ? toRow(row) : undefined;
    },
    async getMany(ids) {
      const rows: DocumentRow[] = [];
      for (const id of ids) {
        const row = q.getDoc.get(id);
        if (row) rows.push(toRow(row));
      }
      return rows;
    },
    async rename(id, title, now) {
      q.rename.run(title, now, id);
      const row = q.getDoc.get(id);
      return row ? toRow(row) : undefined;
    },
    async setDeleted(id, deletedAt) {
      q.setDeleted.run(deletedAt, id);
      const row = q.getDoc.get(id);
      return row ? toRow(row) : undefined;
    },
    async list({ limit, offset, trash }) {
      const items = (trash ? q.listTrash : q.listLive).all(limit, offset).map(toRow);
      const total = (trash ? q.countTrash : q.countLive).get()?.n ?? 0;
      return { items, total };
    },
    async purgeDeletedBefore(before) {
      const ids = purgeTx(before);
      for (const id of ids) lastTouched.delete(id);
      return ids;
    },
  };

  const updates: UpdateStore = {
    async load(docId): Promise<StoredUpdates> {
      const indexed = q.loadUpdates.all(docId);
      const rows = [...indexed, ...q.loadRecent.all(docId)];
      let bytes = 0;
      const list = rows.map((r) => {
        bytes += r.data.byteLength;
        return new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength);
      });
      // The check holds only for the very row it was recorded with, and only while it is the only row.
      const checked = rows.length === 1 && indexed.length === 1 ? q.getChecked.get(docId) : undefined;
      const checkedAs = checked && checked.seq === indexed[0]?.seq ? checked.fingerprint : null;
      return { updates: list, bytes, checkedAs };
    },
    async append(batch, now) {
      const move = recentRows + batch.length >= RECENT_ROWS_BEFORE_MOVE;
      appendTx(batch, now, move);
      recentRows = move ? 0 : recentRows + batch.length;
      return null;
    },
    async compact(docId, state, checkedAs = null) {
      compactTx(docId, state, checkedAs);
    },
  };

  return {
    comments,
    documents,
    leases: createSqliteLeaseStore(db),
    lists,
    updates,
    media: createSqliteMediaStore(db),
    snapshots: createSqliteSnapshotStore(db),
    versions,
    async checkWritable() {
      q.health.run(Date.now());
    },
    async backup(file) {
      // Page by page between other writes; restarts by itself when another connection writes meanwhile.
      await db.backup(file);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
