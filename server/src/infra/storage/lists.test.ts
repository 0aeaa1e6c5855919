import { describe, expect, it } from 'vitest';
import { postgresEngine, skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';

const item = (docId: string, addedAt: number, token = `t-${docId}`) => ({ listId: 'l1', docId, token, addedAt });

describe.each(storeEngines())('$name list store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);

  it('creates a list and lists its items newest first', async () => {
    expect(await store().lists.get('l1')).toBeUndefined();
    await store().lists.create('l1', 10);
    expect(await store().lists.get('l1')).toEqual({ id: 'l1', createdAt: 10 });
    expect(await store().lists.putItem(item('a', 1), 5)).toBe('added');
    expect(await store().lists.putItem(item('b', 2), 5)).toBe('added');
    expect((await store().lists.items('l1')).map((i) => i.docId)).toEqual(['b', 'a']);
    expect(await store().lists.items('other')).toEqual([]);
  });

  it('replaces the token of a document already listed and keeps when it was added', async () => {
    await store().lists.create('l1', 0);
    await store().lists.putItem(item('a', 1, 'old'), 5);
    expect(await store().lists.putItem(item('a', 9, 'new'), 5)).toBe('updated');
    expect(await store().lists.getItem('l1', 'a')).toEqual({ listId: 'l1', docId: 'a', token: 'new', addedAt: 1 });
  });

  it('refuses a new item beyond maxItems but still updates a listed one', async () => {
    await store().lists.create('l1', 0);
    await store().lists.putItem(item('a', 1), 2);
    await store().lists.putItem(item('b', 2), 2);
    expect(await store().lists.putItem(item('c', 3), 2)).toBe('full');
    expect(await store().lists.putItem(item('a', 4, 'again'), 2)).toBe('updated');
    expect(await store().lists.items('l1')).toHaveLength(2);
  });

  it('removes an item, and a purged document from every list', async () => {
    await store().lists.create('l1', 0);
    await store().lists.putItem(item('a', 1), 5);
    expect(await store().lists.removeItem('l1', 'a')).toBe(true);
    expect(await store().lists.removeItem('l1', 'a')).toBe(false);

    await store().documents.create('doc', 'T', 0);
    await store().lists.putItem(item('doc', 2), 5);
    await store().documents.setDeleted('doc', 5);
    expect(await store().documents.purgeDeletedBefore(10)).toEqual(['doc']);
    expect(await store().lists.items('l1')).toEqual([]);
  });
});

describe('postgres list store: several instances', () => {
  const engine = postgresEngine();
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);

  it('never fills a list past its limit when two instances add at once', async () => {
    const [a, b] = [await engine.open(), await engine.open()];
    try {
      await store().lists.create('l1', 0);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).lists.putItem(item(`d${i}`, i), 5)),
      );
      expect(results.filter((r) => r === 'added')).toHaveLength(5);
      expect(results.filter((r) => r === 'full')).toHaveLength(15);
      expect(await store().lists.items('l1')).toHaveLength(5);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
