import type Database from 'better-sqlite3';
import type { MediaStore } from './store';

/** Upload records and content-addressed blobs in the embedded SQLite file. (Helper H1 implements.) */
export function createSqliteMediaStore(db: Database.Database): MediaStore {
  void db;
  throw new Error('sqlite media store: not implemented yet');
}
