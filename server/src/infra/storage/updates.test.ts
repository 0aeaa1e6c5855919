import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  postgresEngine,
  skipUnavailable,
  sqliteEngine,
  storeEngines,
  useStore,
} from '../../../../tests/helpers/store-engines';
import type { Store } from './store';

/** A distinct row per (document, index), so order and ownership show in what comes back. */
const row = (doc: number, i: number): Uint8Array => Uint8Array.of(doc, i >> 8, i & 0xff);
const docId = (doc: number): string => `doc-${doc}`;
const expected = (doc: number, count: number, from = 0): Uint8Array[] =>
  Array.from({ length: count }, (_, i) => row(doc, from + i));

/** Appends `perDoc` rows for each of `docs` documents, interleaved and in commits of `perCommit` rows. */
async function appendInterleaved(store: Store, docs: number, perDoc: number, perCommit: number, from = 0) {
  const all = [];
  for (let i = from; i < from + perDoc; i++)
    for (let d = 0; d < docs; d++) all.push({ docId: docId(d), update: row(d, i) });
  for (let at = 0; at < all.length; at += perCommit) await store.updates.append(all.slice(at, at + perCommit), 1);
}

const createDocs = async (store: Store): Promise<void> => {
  for (let d = 0; d < 3; d++) await store.documents.create(docId(d), '', 1);
};

describe.each(storeEngines())('$name update store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store, reopen } = useStore(engine, createDocs);
  const loaded = async (doc: number): Promise<Uint8Array[]> => (await store().updates.load(docId(doc))).updates;

  it('loads every document its own rows in commit order', async () => {
    await appendInterleaved(store(), 3, 1_000, 7);
    for (let d = 0; d < 3; d++) expect(await loaded(d)).toEqual(expected(d, 1_000));
  });

  it('compacts a document and keeps appending after its state', async () => {
    await appendInterleaved(store(), 2, 3_000, 50);
    await store().updates.compact(docId(0), Uint8Array.of(9, 9));
    await appendInterleaved(store(), 2, 1, 1, 3_000);
    expect(await loaded(0)).toEqual([Uint8Array.of(9, 9), row(0, 3_000)]);
    expect(await loaded(1)).toEqual(expected(1, 3_001));
  });

  it('keeps every row when opened again', async () => {
    await appendInterleaved(store(), 2, 10, 3);
    const again = await reopen();
    await appendInterleaved(again, 2, 1, 2, 10);
    expect(await loaded(0)).toEqual(expected(0, 11));
    expect(await loaded(1)).toEqual(expected(1, 11));
  });

  it('drops the rows of a purged document', async () => {
    await appendInterleaved(store(), 2, 5_000, 100);
    await store().documents.setDeleted(docId(0), 5);
    expect(await store().documents.purgeDeletedBefore(10)).toEqual([docId(0)]);
    expect(await loaded(0)).toEqual([]);
    expect(await loaded(1)).toEqual(expected(1, 5_000));
    expect(await store().documents.get(docId(0))).toBeUndefined();
  });

  it('compacts a document that has no rows yet into its first row', async () => {
    await store().updates.compact(docId(2), Uint8Array.of(5), 'model-a');
    expect(await store().updates.load(docId(2))).toMatchObject({ updates: [Uint8Array.of(5)], checkedAs: 'model-a' });
    await store().updates.append([{ docId: docId(2), update: Uint8Array.of(6) }], 2);
    expect(await loaded(2)).toEqual([Uint8Array.of(5), Uint8Array.of(6)]);
  });

  it('reports the model fingerprint of a checked compaction only while it is the only row', async () => {
    const updates = store().updates;
    await appendInterleaved(store(), 1, 3, 2);
    expect((await updates.load(docId(0))).checkedAs).toBeNull();
    await updates.compact(docId(0), Uint8Array.of(7), 'model-a');
    expect(await updates.load(docId(0))).toMatchObject({ updates: [Uint8Array.of(7)], checkedAs: 'model-a' });
    // A later row may hold anything the check did not see.
    await updates.append([{ docId: docId(0), update: Uint8Array.of(8) }], 2);
    expect((await updates.load(docId(0))).checkedAs).toBeNull();
    // An unchecked compaction forgets the earlier check.
    await updates.compact(docId(0), Uint8Array.of(7, 8), 'model-a');
    await updates.compact(docId(0), Uint8Array.of(7, 8));
    expect((await updates.load(docId(0))).checkedAs).toBeNull();
    expect((await updates.load(docId(1))).checkedAs).toBeNull();
  });
});

describe('sqlite update store: recent rows', () => {
  const engine = sqliteEngine();
  const { store } = useStore(engine, createDocs);

  it('moves recent rows into the indexed table in bulk, some staying behind', async () => {
    // 3 x 2,000 rows: more than one move of the recent rows into the indexed table, and some left behind.
    await appendInterleaved(store(), 3, 2_000, 7);
    const db = new Database(path.join(engine.dir(), 'tandem.sqlite'), { readonly: true });
    const recent = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM doc_updates_recent').get()?.n;
    db.close();
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(6_000);
  });
});

/** An update that names one appended row; a compacted state names every row it holds (first byte 255). */
const unit = (n: number): Uint8Array => Uint8Array.of(0, n >> 16, (n >> 8) & 0xff, n & 0xff);
function rowsIn(updates: Uint8Array[]): number[] {
  const out: number[] = [];
  for (const u of updates) {
    for (let i = 1; i < u.length; i += 3) out.push(((u[i] ?? 0) << 16) | ((u[i + 1] ?? 0) << 8) | (u[i + 2] ?? 0));
  }
  return out;
}
const merged = (rows: number[]): Uint8Array => {
  const state = new Uint8Array(1 + rows.length * 3);
  state[0] = 255;
  rows.forEach((n, i) => state.set(unit(n).subarray(1), 1 + i * 3));
  return state;
};

describe('postgres update store: several instances', () => {
  const engine = postgresEngine();
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine, createDocs);
  let others: Store[] = [];
  afterEach(async () => {
    await Promise.all(others.map((s) => s.close()));
    others = [];
  });
  const instance = async (): Promise<Store> => {
    const s = await engine.open();
    others.push(s);
    return s;
  };

  it('keeps each document a gapless sequence when two instances append to the same documents', async () => {
    const [a, b] = [await instance(), await instance()];
    const appendMany = async (s: Store, tag: number): Promise<void> => {
      for (let i = 0; i < 150; i++) {
        // Batches name the documents in different orders: heads are still taken in sorted order.
        const order = tag === 0 ? [0, 1, 2] : [2, 1, 0];
        await s.updates.append(
          order.map((d) => ({ docId: docId(d), update: Uint8Array.of(tag, i >> 8, i & 0xff) })),
          1,
        );
      }
    };
    await Promise.all([appendMany(a, 0), appendMany(b, 1)]);
    const client = new pg.Client({ connectionString: await engine.url() });
    await client.connect();
    try {
      for (let d = 0; d < 3; d++) {
        const { rows } = await client.query<{ seq: string }>(
          'SELECT seq FROM doc_updates WHERE doc_id = $1 ORDER BY seq',
          [docId(d)],
        );
        expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
      }
    } finally {
      await client.end();
    }
    // Each instance's rows come back in the order it appended them.
    const loaded = (await store().updates.load(docId(1))).updates;
    for (const tag of [0, 1]) {
      const mine = loaded.filter((u) => u[0] === tag);
      expect(mine).toEqual(Array.from({ length: 150 }, (_, i) => Uint8Array.of(tag, i >> 8, i & 0xff)));
    }
  });

  it('numbers appended rows, reads the rows above a number (a compacted state first) and reports heads', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(
      await a.updates.append(
        [
          { docId: docId(0), update: row(0, 0) },
          { docId: docId(1), update: row(1, 0) },
        ],
        1,
      ),
    ).toEqual([1, 1]);
    expect(
      await b.updates.append(
        [
          { docId: docId(0), update: row(0, 1) },
          { docId: docId(0), update: row(0, 2) },
        ],
        1,
      ),
    ).toEqual([2, 3]);
    expect((await a.updates.since?.(docId(0), 1))?.map((r) => r.seq)).toEqual([2, 3]);
    expect((await a.updates.since?.(docId(0), 1))?.map((r) => r.update)).toEqual([row(0, 1), row(0, 2)]);
    expect(await b.updates.heads?.([docId(0), docId(1), docId(2)])).toEqual(
      new Map([
        [docId(0), 3],
        [docId(1), 1],
      ]),
    );
    // Compacted up to 2: a reader behind it gets the state (holding 1 and 2) first, then 3.
    await a.updates.compact(docId(0), Uint8Array.of(9), null, 2);
    expect((await b.updates.since?.(docId(0), 0))?.map((r) => [r.seq, [...r.update]])).toEqual([
      [2, [9]],
      [3, [...row(0, 2)]],
    ]);
  });

  it('loses no row when two compactors race an append storm, and the later compactor does nothing', async () => {
    const [writerA, writerB, compactorA, compactorB] = [
      await instance(),
      await instance(),
      await instance(),
      await instance(),
    ];
    const doc = docId(0);
    let next = 0;
    let appending = true;
    const write = async (s: Store): Promise<void> => {
      for (let i = 0; i < 150; i++) await s.updates.append([{ docId: doc, update: unit(next++) }], 1);
    };
    let compactions = 0;
    const compact = async (s: Store): Promise<void> => {
      while (appending) {
        const stored = await s.updates.load(doc);
        await s.updates.compact(doc, merged(rowsIn(stored.updates)), null, stored.head);
        compactions++;
      }
    };
    const writers = Promise.all([write(writerA), write(writerB)]).finally(() => {
      appending = false;
    });
    await Promise.all([writers, compact(compactorA), compact(compactorB)]);
    expect(compactions).toBeGreaterThan(2);
    const rows = rowsIn((await store().updates.load(doc)).updates);
    // Every appended row exactly once: none lost, none duplicated by a stale compactor.
    expect([...rows].sort((x, y) => x - y)).toEqual(Array.from({ length: 300 }, (_, i) => i));

    // Two compactors that loaded the same head: the second finds the base moved and changes nothing.
    const seen = await compactorA.updates.load(doc);
    await compactorA.updates.compact(doc, merged(rowsIn(seen.updates)), null, seen.head);
    await compactorB.updates.compact(doc, Uint8Array.of(255), null, seen.head);
    expect(rowsIn((await store().updates.load(doc)).updates)).toHaveLength(300);
  });
});
