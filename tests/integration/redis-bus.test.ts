import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { BusMember } from '../../server/src/domain/collab/collab-core';
import { RedisBus, STREAM_SHARDS, updateStreamKey } from '../../server/src/plugins/redis-bus/redis-bus';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startTcpProxy } from '../helpers/tcp-proxy';

const unavailable = redisUnavailable();

/** A room stand-in that records what the bus hands it. */
function member(): BusMember & {
  updates: Array<{ bytes: number[]; seq?: number; sentAt?: number }>;
  messages: number[][];
  catchUps: number;
} {
  const updates: Array<{ bytes: number[]; seq?: number; sentAt?: number }> = [];
  const messages: number[][] = [];
  const recorded = { updates, messages, catchUps: 0 };
  return Object.assign(recorded, {
    applyRemote: (update: Uint8Array, seq?: number, sentAt?: number) =>
      void updates.push({ bytes: [...update], seq, sentAt }),
    applyRemoteMessage: (message: Uint8Array) => void messages.push([...message]),
    applyRemoteAwareness: () => undefined,
    removeRemoteAwareness: () => undefined,
    localAwareness: () => null,
    noteHead: () => undefined,
    catchUp: () => void recorded.catchUps++,
  });
}

/** A document id whose updates share `docId`'s shard stream. */
function sameShardAs(docId: string): string {
  for (let i = 0; ; i++)
    if (`${docId}-${i}` !== docId && updateStreamKey(`${docId}-${i}`) === updateStreamKey(docId))
      return `${docId}-${i}`;
}

/** A room stand-in that records the presence the bus hands it. */
function presenceMember(): BusMember & { states: number; removed: number[] } {
  const recorded = { states: 0, removed: [] as number[] };
  return Object.assign(recorded, {
    applyRemote: () => undefined,
    applyRemoteMessage: () => undefined,
    applyRemoteAwareness: () => void recorded.states++,
    removeRemoteAwareness: (ids: readonly number[]) => void recorded.removed.push(...ids),
    localAwareness: () => null,
    noteHead: () => undefined,
    catchUp: () => undefined,
  });
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
    // The stream expires when the documents are no longer edited.
    const admin = new Redis(redis.url);
    try {
      expect(await admin.pttl(updateStreamKey('doc-1'))).toBeGreaterThan(60_000);
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

  it('documents share a few shard streams: each instance gets only the documents it opened, and one opened on a shard already read catches up', async () => {
    const first = 'shard-a';
    const second = sameShardAs(first);
    const [ma, mb] = [member(), member()];
    a.subscribe(first, ma);
    b.subscribe(first, mb);
    // b reads the shard already; a document b has not opened is skipped there, not handed to its rooms.
    a.publishUpdate(second, Uint8Array.of(5), ma, 1);
    a.publishUpdate(first, Uint8Array.of(6), ma, 1);
    await retryUntil(() => expect(mb.updates.map((u) => u.bytes)).toEqual([[6]]));
    // Opening the second now: the entry it missed is in the store, so its room is told to read it.
    const mb2 = member();
    b.subscribe(second, mb2);
    await retryUntil(() => expect(mb2.catchUps).toBe(1));
    expect(mb.catchUps).toBe(0);
    // From now on the shard carries it too, and several documents' updates of one tick arrive in order.
    const ma2 = member();
    a.subscribe(second, ma2);
    for (let seq = 2; seq <= 6; seq++) {
      a.publishUpdate(second, Uint8Array.of(seq), ma2, seq);
      a.publishUpdate(first, Uint8Array.of(seq), ma, seq);
    }
    await retryUntil(() => expect(mb2.updates.map((u) => u.seq)).toEqual([2, 3, 4, 5, 6]));
    await retryUntil(() => expect(mb.updates.map((u) => u.seq)).toEqual([1, 2, 3, 4, 5, 6]));
    // Every document's updates land on one of the fixed number of streams.
    const admin = new Redis(redis.url);
    try {
      const streams = await admin.keys('tandem:updates:*');
      expect(streams.length).toBeGreaterThan(0);
      expect(streams.length).toBeLessThanOrEqual(STREAM_SHARDS);
    } finally {
      admin.disconnect();
    }
  });

  it('an instance that opens a document before its links are up still gets presence, and a quiet live one keeps its carets', async () => {
    const log = pino({ level: 'silent' });
    const timing = { heartbeatMs: 100, instanceTimeoutMs: 400 };
    // Opened at once, as after a restart when clients reconnect before Redis answers.
    const late = new RedisBus({ url: redis.url, updates: {}, log, ...timing });
    const mLate = presenceMember();
    late.subscribe('doc-presence', mLate);
    const other = new RedisBus({ url: redis.url, updates: {}, log, ...timing });
    try {
      await retryUntil(() => expect(late.connected && other.connected).toBe(true));
      const mOther = presenceMember();
      other.subscribe('doc-presence', mOther);
      const awareness = new Awareness(new Y.Doc());
      awareness.setLocalState({ user: { name: 'Ada', color: '#ff0000' } });
      const update = encodeAwarenessUpdate(awareness, [awareness.clientID]);
      await retryUntil(() => {
        other.publishAwareness('doc-presence', update, mOther);
        expect(mLate.states).toBeGreaterThan(0);
      });
      // Nothing said for several timeouts: the heartbeats alone keep the other instance's carets.
      const heard = Date.now();
      await retryUntil(() => expect(Date.now() - heard).toBeGreaterThan(3 * timing.instanceTimeoutMs), 5_000, 100);
      expect(mLate.removed).toEqual([]);
      // And when it really goes, they do go.
      await other.close();
      await retryUntil(() => expect(mLate.removed).toEqual([awareness.clientID]), 2_000);
    } finally {
      await Promise.all([late.close(), other.close()]);
    }
  });

  it('carries a server message to the instances that opened the document, also from one that did not', async () => {
    const [ma, mb, other] = [member(), member(), member()];
    const stops = [a.subscribe('doc-m', ma), b.subscribe('doc-m', mb), b.subscribe('doc-other', other)];
    try {
      // Both subscribed (each hears the other's presence hello) before the messages go.
      await retryUntil(async () => {
        a.publishMessage('doc-m', Uint8Array.of(100, 1), ma);
        expect(mb.messages.length).toBeGreaterThan(0);
      });
      // Never back to the instance that sent it.
      expect(ma.messages).toEqual([]);
      // An instance without the document open (no member of its own) still reaches the others.
      const c = new RedisBus({ url: redis.url, updates: {}, log: pino({ level: 'silent' }) });
      try {
        await retryUntil(() => expect(c.connected).toBe(true));
        c.publishMessage('doc-m', Uint8Array.of(100, 2), null);
        const second = (m: number[][]): number[][] => m.filter((bytes) => bytes[1] === 2);
        await retryUntil(() => expect([ma.messages, second(mb.messages)]).toEqual([[[100, 2]], [[100, 2]]]));
      } finally {
        await c.close();
      }
      expect(other.messages).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('closes at once while its Redis is unreachable (a blocking read held for a resend does not hold up shutdown)', async () => {
    const link = await startTcpProxy(redis.port);
    const bus = new RedisBus({ url: `redis://127.0.0.1:${link.port}`, updates: {}, log: pino({ level: 'silent' }) });
    try {
      bus.subscribe('doc-unreachable', member());
      await retryUntil(() => expect(bus.connected).toBe(true));
      // Let the reader block on the stream, then lose Redis for good.
      await sleep(100);
      await link.close();
      await retryUntil(() => expect(bus.connected).toBe(false));
      const closed = await Promise.race([bus.close().then(() => 'closed'), sleep(3_000).then(() => 'still open')]);
      expect(closed).toBe('closed');
    } finally {
      await link.close();
    }
  });
});
