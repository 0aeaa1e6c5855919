import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

let dir: string;
let store: Store;

/** A distinct row per (document, index), so order and ownership show in what comes back. */
const row = (doc: number, i: number): Uint8Array => Uint8Array.of(doc, i >> 8, i & 0xff);
const docId = (doc: number): string => `doc-${doc}`;

/** Appends `perDoc` rows for each of `docs` documents, interleaved and in commits of `perCommit` rows. */
async function appendInterleaved(docs: number, perDoc: number, perCommit: number, from = 0): Promise<void> {
  const all = [];
  for (let i = from; i < from + perDoc; i++)
    for (let d = 0; d < docs; d++) all.push({ docId: docId(d), update: row(d, i) });
  for (let at = 0; at < all.length; at += perCommit) await store.updates.append(all.slice(at, at + perCommit), 1);
}

const loaded = async (doc: number): Promise<Uint8Array[]> => (await store.updates.load(docId(doc))).updates;
const expected = (doc: number, count: number): Uint8Array[] => Array.from({ length: count }, (_, i) => row(doc, i));

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-store-'));
  store = openSqliteStore(dir);
  for (let d = 0; d < 3; d++) await store.documents.create(docId(d), '', 1);
});

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sqlite update store', () => {
  it('loads every document its own rows in commit order, before and after recent rows move', async () => {
    // 3 x 2,000 rows: more than one move of the recent rows into the indexed table, and some left behind.
    await appendInterleaved(3, 2_000, 7);
    for (let d = 0; d < 3; d++) expect(await loaded(d)).toEqual(expected(d, 2_000));
    const db = new Database(path.join(dir, 'tandem.sqlite'), { readonly: true });
    const recent = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM doc_updates_recent').get()?.n;
    db.close();
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(6_000);
  });

  it('compacts a document across both tables and keeps appending after its state', async () => {
    await appendInterleaved(2, 3_000, 50);
    await store.updates.compact(docId(0), Uint8Array.of(9, 9));
    await appendInterleaved(2, 1, 1, 3_000);
    expect(await loaded(0)).toEqual([Uint8Array.of(9, 9), row(0, 3_000)]);
    expect(await loaded(1)).toEqual(expected(1, 3_001));
  });

  it('keeps the rows a stopped process left in the recent table, in order, when opened again', async () => {
    await appendInterleaved(2, 10, 3);
    await store.close();
    store = openSqliteStore(dir);
    await appendInterleaved(2, 1, 2, 10);
    expect(await loaded(0)).toEqual(expected(0, 11));
    expect(await loaded(1)).toEqual(expected(1, 11));
  });

  it('drops both tables of a purged document', async () => {
    await appendInterleaved(2, 5_000, 100);
    await store.documents.setDeleted(docId(0), 5);
    expect(await store.documents.purgeDeletedBefore(10)).toEqual([docId(0)]);
    expect(await loaded(0)).toEqual([]);
    expect(await loaded(1)).toEqual(expected(1, 5_000));
  });
  it('reports the model fingerprint of a checked compaction only while it is the only row', async () => {
    await appendInterleaved(1, 3, 2);
    expect((await store.updates.load(docId(0))).checkedAs).toBeNull();
    await store.updates.compact(docId(0), Uint8Array.of(7), 'model-a');
    expect(await store.updates.load(docId(0))).toMatchObject({ updates: [Uint8Array.of(7)], checkedAs: 'model-a' });
    // A later row may hold anything the check did not see.
    await store.updates.append([{ docId: docId(0), update: Uint8Array.of(8) }], 2);
    expect((await store.updates.load(docId(0))).checkedAs).toBeNull();
    // An unchecked compaction forgets the earlier check.
    await store.updates.compact(docId(0), Uint8Array.of(7, 8), 'model-a');
    await store.updates.compact(docId(0), Uint8Array.of(7, 8));
    expect((await store.updates.load(docId(0))).checkedAs).toBeNull();
    expect((await store.updates.load(docId(1))).checkedAs).toBeNull();
  });
});
