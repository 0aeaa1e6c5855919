import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresEngine, skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';
import { createSqliteVersionStore } from './sqlite-versions';
import type { VersionRow, VersionStore } from './store';

let dir: string;
let db: Database.Database;
let sqliteVersions: VersionStore;

const version = (id: string, createdAt: number, over: Partial<VersionRow> = {}): VersionRow => ({
  id,
  docId: 'doc1',
  createdAt,
  reason: 'idle',
  authors: ['Ada', 'Grace'],
  state: new Uint8Array([1, 2, 3, id.length]),
  bytes: 4,
  chars: 10,
  inserted: 3,
  deleted: 1,
  name: null,
  ...over,
});

const meta = (row: VersionRow): Omit<VersionRow, 'state'> => {
  const { state, ...rest } = row;
  expect(state).toBeInstanceOf(Uint8Array);
  return rest;
};

describe.each(storeEngines())('$name version store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);
  const versions = () => store().versions;

  it('stores and reads a version with its state, authors and name', async () => {
    const row = version('a', 10, { name: 'Draft', reason: 'save' });
    await versions().insert(row);
    const read = await versions().get('doc1', 'a');
    expect(read).toEqual(row);
    expect(read?.state).toBeInstanceOf(Uint8Array);
    expect(await versions().get('doc2', 'a')).toBeUndefined();
    expect(await versions().get('doc1', 'nope')).toBeUndefined();
  });

  it('lists newest first (ties in insertion order) with paging and a total, without states', async () => {
    await versions().insert(version('a', 10));
    await versions().insert(version('b', 20));
    await versions().insert(version('c', 20));
    await versions().insert(version('d', 5));
    await versions().insert(version('x', 99, { docId: 'doc2' }));
    const page = await versions().list('doc1', { limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(page.items.map((v) => v.id)).toEqual(['b', 'a']);
    expect(page.items[0]).toEqual(meta(version('b', 20)));
    expect(Object.hasOwn(page.items[0] ?? {}, 'state')).toBe(false);
    expect((await versions().listAll('doc1')).map((v) => v.id)).toEqual(['c', 'b', 'a', 'd']);
    expect((await versions().latest('doc1'))?.id).toBe('c');
    expect(await versions().latest('doc3')).toBeUndefined();
  });

  it('renames and unnames within its document only', async () => {
    await versions().insert(version('a', 10));
    expect(await versions().rename('doc1', 'a', 'Final')).toMatchObject({ id: 'a', name: 'Final' });
    expect(await versions().rename('doc2', 'a', 'Other')).toBeUndefined();
    expect((await versions().get('doc1', 'a'))?.name).toBe('Final');
    expect(await versions().rename('doc1', 'a', null)).toMatchObject({ name: null });
  });

  it('deletes some versions, and all of a document', async () => {
    for (const id of ['a', 'b', 'c']) await versions().insert(version(id, id.charCodeAt(0)));
    await versions().insert(version('x', 1, { docId: 'doc2' }));
    await versions().deleteMany('doc1', ['a', 'c', 'x']);
    expect((await versions().listAll('doc1')).map((v) => v.id)).toEqual(['b']);
    expect((await versions().listAll('doc2')).map((v) => v.id)).toEqual(['x']);
    await versions().deleteDocumentVersions('doc1');
    expect((await versions().list('doc1', { limit: 10, offset: 0 })).total).toBe(0);
    expect((await versions().listAll('doc2')).length).toBe(1);
  });

  it('reads unreadable authors and unknown reasons safely', async () => {
    await versions().insert(version('a', 10));
    await engine.exec("UPDATE versions SET authors = 'not json', reason = 'future'");
    expect(await versions().get('doc1', 'a')).toMatchObject({ authors: [], reason: 'save' });
  });

  it('deletes the versions of a purged document', async () => {
    await store().documents.create('gone', 't', 1);
    await store().documents.create('kept', 't', 1);
    await store().versions.insert(version('a', 10, { docId: 'gone' }));
    await store().versions.insert(version('b', 10, { docId: 'kept' }));
    await store().documents.setDeleted('gone', 5);
    expect(await store().documents.purgeDeletedBefore(100)).toEqual(['gone']);
    expect(await store().versions.listAll('gone')).toEqual([]);
    expect((await store().versions.listAll('kept')).length).toBe(1);
  });
});

describe('sqlite version store', () => {
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-versions-'));
    db = new Database(path.join(dir, 'test.sqlite'));
    sqliteVersions = createSqliteVersionStore(db);
  });

  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the table and its (doc_id, created_at) index, twice without failing', () => {
    const index = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'versions'")
      .all()
      .map((r) => r.name);
    expect(index).toContain('versions_doc_time');
    expect(() => createSqliteVersionStore(db)).not.toThrow();
  });

  it('serves the first page of 10,000 versions of one document in under 100 ms', async () => {
    const state = new Uint8Array(2048);
    const insert = db.transaction(() => {
      for (let i = 0; i < 10_000; i++)
        void sqliteVersions.insert(version(`v${i}`, i, { state, bytes: state.byteLength }));
    });
    insert();
    const started = performance.now();
    const page = await sqliteVersions.list('doc1', { limit: 50, offset: 0 });
    const elapsed = performance.now() - started;
    expect(page.total).toBe(10_000);
    expect(page.items[0]?.id).toBe('v9999');
    expect(elapsed).toBeLessThan(100);
  });
});

describe('postgres version store', () => {
  const engine = postgresEngine();
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);

  it('serves the first page of 10,000 versions of one document in under 100 ms', async () => {
    await engine.exec(`INSERT INTO versions (id, doc_id, created_at, reason, authors, state, bytes, chars, inserted, deleted)
      SELECT 'v' || i, 'doc1', i, 'idle', '["Ada"]', decode(repeat('00', 2048), 'hex'), 2048, 10, 3, 1
      FROM generate_series(0, 9999) AS i`);
    await engine.exec('ANALYZE versions');
    await store().versions.list('doc1', { limit: 50, offset: 0 });
    const started = performance.now();
    const page = await store().versions.list('doc1', { limit: 50, offset: 0 });
    const elapsed = performance.now() - started;
    expect(page.total).toBe(10_000);
    expect(page.items[0]?.id).toBe('v9999');
    expect(elapsed).toBeLessThan(100);
  });
});
