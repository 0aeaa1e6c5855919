import type Database from 'better-sqlite3';
import type { SnapshotStore } from './store';

/** Autosave snapshots in the embedded SQLite file. (Helper H2 implements.) */
export function createSqliteSnapshotStore(db: Database.Database): SnapshotStore {
  void db;
  throw new Error('sqlite snapshot store: not implemented yet');
}
