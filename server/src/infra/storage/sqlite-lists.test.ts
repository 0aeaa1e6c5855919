import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-lists-'));
  store = openSqliteStore(dir);
});

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const item = (docId: string, addedAt: number, token = `t-${docId}`) => ({ listId: 'l1', docId, token, addedAt });

describe('sqlite list store', () => {
  it('creates a list and lists its items newest first', async () => {
    expect(await store.lists.get('l1')).toBeUndefined();
    await store.lists.create('l1', 10);
    expect(await store.lists.get('l1')).toEqual({ id: 'l1', createdAt: 10 });
    expect(await store.lists.putItem(item('a', 1), 5)).toBe('added');
    expect(await store.lists.putItem(item('b', 2), 5)).toBe('added');
    expect((await store.lists.items('l1')).map((i) => i.docId)).toEqual(['b', 'a']);
    expect(await store.lists.items('other')).toEqual([]);
  });

  it('replaces the token of a document already listed and keeps when it was added', async () => {
    await store.lists.create('l1', 0);
    await store.lists.putItem(item('a', 1, 'old'), 5);
    expect(await store.lists.putItem(item('a', 9, 'new'), 5)).toBe('updated');
    expect(await store.lists.getItem('l1', 'a')).toEqual({ listId: 'l1', docId: 'a', token: 'new', addedAt: 1 });
  });

  it('refuses a new item beyond maxItems but still updates a listed one', async () => {
    await store.lists.create('l1', 0);
    await store.lists.putItem(item('a', 1), 2);
    await store.lists.putItem(item('b', 2), 2);
    expect(await store.lists.putItem(item('c', 3), 2)).toBe('full');
    expect(await store.lists.putItem(item('a', 4, 'again'), 2)).toBe('updated');
    expect(await store.lists.items('l1')).toHaveLength(2);
  });

  it('removes an item, and a purged document from every list', async () => {
    await store.lists.create('l1', 0);
    await store.lists.putItem(item('a', 1), 5);
    expect(await store.lists.removeItem('l1', 'a')).toBe(true);
    expect(await store.lists.removeItem('l1', 'a')).toBe(false);

    await store.documents.create('doc', 'T', 0);
    await store.lists.putItem(item('doc', 2), 5);
    await store.documents.setDeleted('doc', 5);
    expect(await store.documents.purgeDeletedBefore(10)).toEqual(['doc']);
    expect(await store.lists.items('l1')).toEqual([]);
  });
});
