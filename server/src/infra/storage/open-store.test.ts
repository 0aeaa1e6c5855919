import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresEngine, skipUnavailable } from '../../../../tests/helpers/store-engines';
import { openStore } from './open-store';

describe('openStore', () => {
  it('opens the embedded SQLite file in the data directory when DATABASE_URL is unset', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-open-store-'));
    try {
      const store = await openStore({ dataDir, databaseUrl: undefined });
      await store.documents.create('a', 'A', 1);
      await store.close();
      expect(fs.existsSync(path.join(dataDir, 'tandem.sqlite'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('with DATABASE_URL', () => {
    const engine = postgresEngine();
    if (skipUnavailable(engine)) return;
    afterAll(() => engine.cleanup());

    it('keeps every store in PostgreSQL and nothing in the data directory', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-open-store-'));
      const databaseUrl = await engine.url();
      try {
        const store = await openStore({ dataDir, databaseUrl });
        await store.documents.create('a', 'A', 1);
        await store.updates.append([{ docId: 'a', update: Uint8Array.of(1) }], 2);
        await store.close();
        expect(fs.readdirSync(dataDir)).toEqual([]);
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ head: string }>("SELECT head FROM doc_heads WHERE doc_id = 'a'");
          expect(rows.map((r) => Number(r.head))).toEqual([1]);
          // A second start finds the schema in place and applies nothing twice.
          const again = await openStore({ dataDir, databaseUrl });
          await again.close();
          const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY 1');
          expect(applied.rows.map((r) => r.version)).toEqual([1, 2, 3, 4]);
        } finally {
          await client.end();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
