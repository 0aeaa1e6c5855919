import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';
import { createSqliteSnapshotStore } from './sqlite-snapshots';
import type { SnapshotRow } from './store';

let dir: string;
let db: Database.Database;

const snap = (id: string, createdAt: number, over: Partial<SnapshotRow> = {}): SnapshotRow => ({
  id,
  docId: 'doc1',
  html: `<p>${id}</p>`,
  hash: id.padEnd(64, '0'),
  bytes: 8 + id.length,
  createdAt,
  ...over,
});

describe.each(storeEngines())('$name snapshot store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);
  const snapshots = () => store().snapshots;

  it('returns the latest snapshot of a document, even within the same millisecond', async () => {
    expect(await snapshots().latest('doc1')).toBeUndefined();
    await snapshots().insert(snap('a', 10), 10);
    await snapshots().insert(snap('b', 20), 10);
    await snapshots().insert(snap('c', 20), 10);
    await snapshots().insert(snap('x', 99, { docId: 'doc2' }), 10);
    expect(await snapshots().latest('doc1')).toEqual(snap('c', 20));
    expect(await snapshots().get('doc1', 'a')).toEqual(snap('a', 10));
    expect(await snapshots().get('doc2', 'a')).toBeUndefined();
  });

  it('lists newest first with paging and a total', async () => {
    for (let i = 0; i < 5; i++) await snapshots().insert(snap(`s${i}`, 100 + i), 10);
    const page = await snapshots().list('doc1', { limit: 2, offset: 1 });
    expect(page.total).toBe(5);
    expect(page.items.map((s) => s.id)).toEqual(['s3', 's2']);
    expect((await snapshots().list('other', { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('keeps at most `keep` snapshots per document, dropping the oldest', async () => {
    for (let i = 0; i < 6; i++) await snapshots().insert(snap(`s${i}`, 100 + i), 3);
    await snapshots().insert(snap('other', 1, { docId: 'doc2' }), 3);
    const { items, total } = await snapshots().list('doc1', { limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(items.map((s) => s.id)).toEqual(['s5', 's4', 's3']);
    expect((await snapshots().list('doc2', { limit: 10, offset: 0 })).total).toBe(1);
  });

  it('deletes every snapshot of one document', async () => {
    await snapshots().insert(snap('a', 1), 10);
    await snapshots().insert(snap('b', 2, { docId: 'doc2' }), 10);
    await snapshots().deleteDocumentSnapshots('doc1');
    expect(await snapshots().latest('doc1')).toBeUndefined();
    expect(await snapshots().latest('doc2')).toBeDefined();
  });
});

describe('sqlite snapshot store: schema', () => {
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-snapshots-'));
    db = new Database(path.join(dir, 'test.sqlite'));
    createSqliteSnapshotStore(db);
  });

  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the table and its (doc_id, created_at) index', () => {
    const index = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'snapshots'")
      .all()
      .map((r) => r.name);
    expect(index).toContain('snapshots_doc_time');
    // Opening the same database twice must not fail (CREATE IF NOT EXISTS).
    expect(() => createSqliteSnapshotStore(db)).not.toThrow();
  });
});
