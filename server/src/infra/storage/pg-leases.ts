import type pg from 'pg';
import type { LeaseStore } from './store';

/**
 * Leases on PostgreSQL, shared by every instance of the database. `INSERT … ON CONFLICT DO UPDATE … WHERE`
 * locks the row it conflicts with, so of two instances asking at once exactly one gets a free lease.
 */
export function createPgLeaseStore(pool: pg.Pool): LeaseStore {
  return {
    async acquire(name, holder, ttlMs, now) {
      const { rowCount } = await pool.query(
        `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.holder = excluded.holder OR leases.expires_at <= $4`,
        [name, holder, now + ttlMs, now],
      );
      return rowCount === 1;
    },
    async release(name, holder) {
      await pool.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [name, holder]);
    },
    async sweep(before) {
      const { rowCount } = await pool.query('DELETE FROM leases WHERE expires_at < $1', [before]);
      return rowCount ?? 0;
    },
  };
}
