import type Database from 'better-sqlite3';
import type { LeaseStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/**
 * Leases in the embedded SQLite file. One process uses it, but it keeps the same table and answers as
 * PostgreSQL so that code taking a lease behaves the same on both engines.
 */
export function createSqliteLeaseStore(db: Database.Database): LeaseStore {
  db.exec(SCHEMA);
  const q = {
    // The upsert changes a row only when it is free, expired or already the holder's: one statement.
    acquire: db.prepare<[string, string, number, number]>(
      `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
    ),
    release: db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND holder = ?'),
    sweep: db.prepare<[number]>('DELETE FROM leases WHERE expires_at < ?'),
  };
  return {
    async acquire(name, holder, ttlMs, now) {
      return q.acquire.run(name, holder, now + ttlMs, now).changes > 0;
    },
    async release(name, holder) {
      q.release.run(name, holder);
    },
    async sweep(before) {
      return q.sweep.run(before).changes;
    },
  };
}
