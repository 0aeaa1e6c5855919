import { describe, expect, it } from 'vitest';
import { postgresEngine, skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';

describe.each(storeEngines())('$name lease store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store, reopen } = useStore(engine);

  it('gives a free lease to one holder and refuses another until it expires', async () => {
    const leases = store().leases;
    expect(await leases.acquire('purge', 'a', 1_000, 0)).toBe(true);
    expect(await leases.acquire('purge', 'b', 1_000, 500)).toBe(false);
    expect(await leases.acquire('purge', 'b', 1_000, 999)).toBe(false);
    expect(await leases.acquire('purge', 'b', 1_000, 1_000)).toBe(true);
    expect(await leases.acquire('purge', 'a', 1_000, 1_500)).toBe(false);
    expect(await leases.acquire('other', 'a', 1_000, 1_500)).toBe(true);
  });

  it('renews the holder’s own lease', async () => {
    const leases = store().leases;
    expect(await leases.acquire('doc', 'a', 1_000, 0)).toBe(true);
    expect(await leases.acquire('doc', 'a', 1_000, 900)).toBe(true);
    // Renewed at 900: still a's at 1_500.
    expect(await leases.acquire('doc', 'b', 1_000, 1_500)).toBe(false);
    expect(await leases.acquire('doc', 'b', 1_000, 1_900)).toBe(true);
  });

  it('releases only the holder’s lease, and survives a reopen', async () => {
    expect(await store().leases.acquire('doc', 'a', 60_000, 0)).toBe(true);
    await store().leases.release('doc', 'b');
    const again = await reopen();
    expect(await again.leases.acquire('doc', 'b', 60_000, 1)).toBe(false);
    await again.leases.release('doc', 'a');
    expect(await again.leases.acquire('doc', 'b', 60_000, 2)).toBe(true);
  });

  it('sweeps leases that expired before a time', async () => {
    const leases = store().leases;
    await leases.acquire('old', 'a', 10, 0);
    await leases.acquire('new', 'a', 10_000, 0);
    expect(await leases.sweep(100)).toBe(1);
    expect(await leases.acquire('new', 'b', 10, 100)).toBe(false);
    expect(await leases.acquire('old', 'b', 10, 100)).toBe(true);
  });
});

describe('postgres lease store: several instances', () => {
  const engine = postgresEngine();
  if (skipUnavailable(engine)) return;
  useStore(engine);

  it('gives a free lease to exactly one of many instances asking at once', async () => {
    const stores = [await engine.open(), await engine.open(), await engine.open()];
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => stores[i % 3]?.leases.acquire('race', `holder-${i}`, 60_000, 1_000)),
      );
      expect(results.filter((r) => r === true)).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
