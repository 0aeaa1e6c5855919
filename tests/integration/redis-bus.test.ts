import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMember } from '../../server/src/domain/collab/collab-core';
import { RedisBus } from '../../server/src/plugins/redis-bus/redis-bus';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil } from '../helpers/retry-until';

const unavailable = redisUnavailable();

/** A room stand-in that records what the bus hands it. */
function member(): BusMember & { updates: Array<{ bytes: number[]; seq?: number; sentAt?: number }> } {
  const updates: Array<{ bytes: number[]; seq?: number; sentAt?: number }> = [];
  return {
    updates,
    applyRemote: (update, seq, sentAt) => void updates.push({ bytes: [...update], seq, sentAt }),
    applyRemoteAwareness: () => undefined,
    removeRemoteAwareness: () => undefined,
    localAwareness: () => null,
    noteHead: () => undefined,
    catchUp: () => undefined,
  };
}

describe.skipIf(unavailable !== null)(`Redis bus${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let redis: TestRedis;
  let a: RedisBus;
  let b: RedisBus;
  beforeAll(async () => {
    redis = await startRedis();
    const log = pino({ level: 'silent' });
    a = new RedisBus({ url: redis.url, updates: {}, log });
    b = new RedisBus({ url: redis.url, updates: {}, log });
    await retryUntil(() => expect(a.connected && b.connected).toBe(true));
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await redis.stop();
  });

  it('carries a stored update with its number to the other instance only, for every document either opens', async () => {
    const [ma, mb] = [member(), member()];
    a.subscribe('doc-1', ma);
    b.subscribe('doc-1', mb);
    a.publishUpdate('doc-1', Uint8Array.of(1, 2, 3), ma, 7);
    await retryUntil(() => expect(mb.updates.map((u) => [u.bytes, u.seq])).toEqual([[[1, 2, 3], 7]]));
    expect(mb.updates[0]?.sentAt).toBeGreaterThan(0);
    // The stream expires when the document is no longer edited.
    const admin = new Redis(redis.url);
    try {
      expect(await admin.pttl('tandem:doc:doc-1:updates')).toBeGreaterThan(60_000);
    } finally {
      admin.disconnect();
    }
    // A document opened while the reader blocks on the first is read at once (its own stream wakes it).
    const [ma2, mb2] = [member(), member()];
    a.subscribe('doc-2', ma2);
    b.subscribe('doc-2', mb2);
    b.publishUpdate('doc-2', Uint8Array.of(9), mb2, 1);
    await retryUntil(() => expect(ma2.updates.map((u) => u.seq)).toEqual([1]));
    expect(ma.updates).toEqual([]);
    expect(mb2.updates).toEqual([]);
  });
});
