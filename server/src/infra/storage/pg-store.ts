import { createPgCommentStore } from './pg-comments';
import { migrate } from './pg-migrations';
import { createPgLeaseStore } from './pg-leases';
import { createPgListStore } from './pg-lists';
import { createPgMediaStore } from './pg-media';
import { createPool } from './pg-pool';
import { createPgSnapshotStore } from './pg-snapshots';
import { createPgDocumentStore, createPgUpdateStore } from './pg-updates';
import { createPgVersionStore } from './pg-versions';
import type { Store } from './store';

export interface PgStoreOptions {
  /** Connections this instance may hold (default 10). */
  poolSize?: number;
}

/**
 * Opens the PostgreSQL store at `url` (DATABASE_URL) and brings its schema up to date. Several Tandem
 * instances may share one database: sequence numbers, compaction, purges and list limits hold across them.
 */
export async function openPgStore(url: string, opts: PgStoreOptions = {}): Promise<Store> {
  const pool = createPool(url, opts.poolSize);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const updates = createPgUpdateStore(pool);
  let closed = false;
  return {
    comments: createPgCommentStore(pool),
    documents: createPgDocumentStore(pool, (id) => updates.forget(id)),
    leases: createPgLeaseStore(pool),
    lists: createPgListStore(pool),
    updates,
    media: createPgMediaStore(pool),
    snapshots: createPgSnapshotStore(pool),
    versions: createPgVersionStore(pool),
    async checkWritable() {
      await pool.query(
        'INSERT INTO health (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
        [Date.now()],
      );
    },
    async backup() {
      throw new Error('The database is PostgreSQL: back it up with pg_dump (and copy the uploads directory).');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
