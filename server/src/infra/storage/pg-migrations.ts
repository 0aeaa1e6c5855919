import type pg from 'pg';

/**
 * The PostgreSQL schema as a versioned list: each entry runs once, in its own transaction, in order.
 * Append new entries; never edit one that was released. Times are epoch milliseconds (bigint); `n`
 * columns (identity) give rows inserted in the same millisecond the insertion order SQLite's rowid gives.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'documents and updates',
    sql: `
CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted_at BIGINT
);
CREATE INDEX documents_deleted_at ON documents(deleted_at);
-- Each document's update log: seq is gapless per document, handed out by doc_heads.head.
CREATE TABLE doc_updates (
  doc_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (doc_id, seq)
);
-- head: the last seq handed out; base: the seq of the compacted state (rows below it are gone);
-- checked_seq/checked_as: the compacted state the server checked against that model fingerprint.
CREATE TABLE doc_heads (
  doc_id TEXT PRIMARY KEY,
  head BIGINT NOT NULL,
  base BIGINT NOT NULL DEFAULT 0,
  checked_seq BIGINT,
  checked_as TEXT
);
CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at BIGINT NOT NULL);
`,
  },
  {
    version: 2,
    name: 'uploads, snapshots, versions, lists',
    sql: `
CREATE TABLE media_blobs (
  hash TEXT PRIMARY KEY,
  stored_name TEXT NOT NULL UNIQUE,
  thumb_name TEXT UNIQUE,
  mime TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  width INTEGER,
  height INTEGER,
  created_at BIGINT NOT NULL
);
CREATE TABLE media_uploads (
  id TEXT PRIMARY KEY,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  doc_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'file', 'video')),
  hash TEXT NOT NULL REFERENCES media_blobs(hash),
  name TEXT NOT NULL,
  tag TEXT NOT NULL DEFAULT '',
  uploader TEXT NOT NULL DEFAULT '',
  created_at BIGINT NOT NULL
);
CREATE INDEX media_uploads_doc_kind_time ON media_uploads(doc_id, kind, created_at);
CREATE UNIQUE INDEX media_uploads_doc_kind_hash ON media_uploads(doc_id, kind, hash);
CREATE INDEX media_uploads_hash ON media_uploads(hash);
CREATE TABLE snapshots (
  id TEXT PRIMARY KEY,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  doc_id TEXT NOT NULL,
  html TEXT NOT NULL,
  hash TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX snapshots_doc_time ON snapshots(doc_id, created_at DESC, n DESC);
CREATE TABLE versions (
  id TEXT PRIMARY KEY,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  doc_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  reason TEXT NOT NULL,
  authors TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  chars BIGINT NOT NULL,
  inserted BIGINT NOT NULL,
  deleted BIGINT NOT NULL,
  name TEXT,
  state BYTEA NOT NULL
);
CREATE INDEX versions_doc_time ON versions(doc_id, created_at DESC, n DESC);
CREATE TABLE lists (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL
);
CREATE TABLE list_items (
  list_id TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  token TEXT NOT NULL,
  added_at BIGINT NOT NULL,
  PRIMARY KEY (list_id, doc_id)
);
CREATE INDEX list_items_doc ON list_items(doc_id);
`,
  },
  {
    version: 3,
    name: 'leases',
    sql: `
-- Named leases instances take turns on (the trash purge, each document's version recorder).
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'comments',
    sql: `
-- Comment threads (issue 28): ids are per document (a thread's is made by the client).
CREATE TABLE comment_threads (
  doc_id TEXT NOT NULL,
  id TEXT NOT NULL,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  quote TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  resolved_at BIGINT,
  resolved_by_name TEXT,
  resolved_by_color TEXT,
  PRIMARY KEY (doc_id, id)
);
-- author_key_hash: sha-256 of the author's key (the key is never stored).
CREATE TABLE comments (
  doc_id TEXT NOT NULL,
  id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  n BIGINT GENERATED ALWAYS AS IDENTITY,
  author_name TEXT NOT NULL,
  author_color TEXT NOT NULL,
  author_key_hash TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  edited_at BIGINT,
  PRIMARY KEY (doc_id, id)
);
CREATE INDEX comments_thread ON comments(doc_id, thread_id);
`,
  },
];

/** Any constant: instances starting together take turns (the second finds the work done). */
const MIGRATION_LOCK = 0x74616e64;

/** Applies the migrations this database lacks; safe to run from several instances at once. */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          Date.now(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
