/**
 * The storage engines the store contract tests run against: the embedded SQLite file and PostgreSQL (a
 * throwaway cluster shared by the run, one database per test file, emptied before each test).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, inject, it } from 'vitest';
import { openPgStore } from '../../server/src/infra/storage/pg-store';
import { openSqliteStore } from '../../server/src/infra/storage/sqlite-store';
import type { Store } from '../../server/src/infra/storage/store';
import { freshDatabase, postgresUnavailable, stopOwnPostgres } from './postgres';

export interface StoreEngine {
  name: 'sqlite' | 'postgres';
  /** Why this engine cannot run here (the tests skip with this message); null when it can. */
  unavailable: string | null;
  /** Before each test: an empty database for `open`. */
  reset(): Promise<void>;
  /** Opens (again) the database `reset` prepared; every call is a separate connection (pool). */
  open(): Promise<Store>;
  /** Runs raw SQL on the database `reset` prepared (tests that plant rows a store would not write). */
  exec(sql: string): Promise<void>;
  /** After the file's tests. */
  cleanup(): Promise<void>;
}

export function sqliteEngine(): StoreEngine & { dir(): string } {
  let dir: string | undefined;
  const drop = (): void => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  return {
    name: 'sqlite',
    unavailable: null,
    async reset() {
      drop();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-store-'));
    },
    async open() {
      if (!dir) throw new Error('reset() first');
      return openSqliteStore(dir);
    },
    async cleanup() {
      drop();
    },
    dir() {
      if (!dir) throw new Error('reset() first');
      return dir;
    },
    async exec(sql) {
      if (!dir) throw new Error('reset() first');
      const db = new Database(path.join(dir, 'tandem.sqlite'));
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
  };
}

export function postgresEngine(): StoreEngine & { url(): Promise<string> } {
  let url: Promise<string> | undefined;
  let admin: pg.Pool | undefined;
  const database = (): Promise<string> => (url ??= freshDatabase(inject('tandemPostgresDir')));
  return {
    name: 'postgres',
    unavailable: postgresUnavailable(),
    async reset() {
      admin ??= new pg.Pool({ connectionString: await database(), max: 1 });
      const { rows } = await admin.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
      );
      if (rows.length > 0) {
        await admin.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY`);
      }
    },
    async open() {
      return openPgStore(await database());
    },
    url: database,
    async exec(sql) {
      admin ??= new pg.Pool({ connectionString: await database(), max: 1 });
      await admin.query(sql);
    },
    async cleanup() {
      await admin?.end();
      admin = undefined;
      await stopOwnPostgres();
    },
  };
}

export const storeEngines = (): StoreEngine[] => [sqliteEngine(), postgresEngine()];

/** Registers a skipped test saying why, when the engine cannot run here; true then. */
export function skipUnavailable(engine: StoreEngine): boolean {
  if (!engine.unavailable) return false;
  it.skip(`skipped: ${engine.unavailable}`, () => undefined);
  return true;
}

/**
 * Inside a describe: a store opened on an empty database before each test (then `prepare`d) and closed
 * after it; `reopen` closes it and opens the same database again.
 */
export function useStore(
  engine: StoreEngine,
  prepare?: (store: Store) => Promise<void>,
): { store: () => Store; reopen: () => Promise<Store> } {
  let store: Store | undefined;
  beforeEach(async () => {
    await engine.reset();
    store = await engine.open();
    await prepare?.(store);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => engine.cleanup());
  const current = (): Store => {
    if (!store) throw new Error('no store open');
    return store;
  };
  return {
    store: current,
    async reopen() {
      await current().close();
      store = await engine.open();
      return store;
    },
  };
}
