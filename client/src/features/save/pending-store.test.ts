import { describe, expect, it } from 'vitest';
import { indexedDbPendingStore, memoryPendingStore } from './pending-store';

describe('pending stores', () => {
  it('memory: set, get, delete per document', async () => {
    const store = memoryPendingStore();
    await store.set('a', '<p>a</p>');
    await store.set('b', '<p>b</p>');
    expect(await store.get('a')).toBe('<p>a</p>');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('<p>b</p>');
  });

  it('IndexedDB missing (private mode, old browsers): nothing kept, nothing thrown', async () => {
    const store = indexedDbPendingStore(null);
    await expect(store.set('a', '<p>a</p>')).resolves.toBeUndefined();
    expect(await store.get('a')).toBeNull();
    await expect(store.delete('a')).resolves.toBeUndefined();
  });

  it('IndexedDB that refuses to open: nothing kept, nothing thrown', async () => {
    const failing = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = indexedDbPendingStore(failing);
    await expect(store.set('a', 'x')).resolves.toBeUndefined();
    expect(await store.get('a')).toBeNull();
  });
});
