import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnectionCounter } from '../../server/src/plugins/redis-bus/connection-counter';
import { redisUnavailable, startRedis, type TestRedis } from '../helpers/redis';
import { retryUntil } from '../helpers/retry-until';

const unavailable = redisUnavailable();

describe.skipIf(unavailable !== null)(
  `Redis connection counter${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let redis: TestRedis;
    let link: Redis;
    beforeAll(async () => {
      redis = await startRedis();
      link = new Redis(redis.url);
      await retryUntil(() => expect(link.status).toBe('ready'));
    });
    afterAll(async () => {
      link.disconnect();
      await redis.stop();
    });

    it('sends its scripts by digest, and again in full when Redis lost them (a restart or SCRIPT FLUSH)', async () => {
      const log = pino({ level: 'silent' });
      const a = new RedisConnectionCounter({ redis: link, instanceId: 'a', log });
      const b = new RedisConnectionCounter({ redis: link, instanceId: 'b', log });
      try {
        expect(await a.admit('doc', 0, 2)).toBe(true);
        await link.script('FLUSH');
        expect(await b.admit('doc', 0, 2)).toBe(true);
        // Both places taken across the two instances: the script ran (not the local fall-back, which says yes).
        expect(await a.admit('doc', 1, 2)).toBe(false);
        expect(await link.hgetall('tandem:doc:doc:connections')).toEqual({ a: '1', b: '1' });
        a.release('doc');
        await retryUntil(async () => expect(await link.hgetall('tandem:doc:doc:connections')).toEqual({ b: '1' }));
        expect(await a.admit('doc', 0, 2)).toBe(true);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  },
);
