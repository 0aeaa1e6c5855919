import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A Redis connection for one purpose (commands, a blocking stream reader, a pub/sub subscriber: Redis
 * needs one each). Commands fail at once while the link is down instead of piling up: every caller has a
 * way to catch up afterwards (the bus backfills from PostgreSQL), and nothing waits on a dead link.
 */
export function openRedis(url: string, name: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis {
  const redis = new Redis(url, {
    connectionName: `tandem-${name}`,
    enableOfflineQueue: false,
    // The bus subscribes again itself each time its link is ready; ioredis's own resubscribe, sent while
    // the link may already be gone again, rejects with nobody to catch it (an unhandled rejection).
    autoResubscribe: false,
    maxRetriesPerRequest: 1,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
    lazyConnect: false,
  });
  let seen = false;
  let up = false;
  redis.on('ready', () => {
    if (seen) log.info({ redis: name }, 'Redis link is back');
    seen = up = true;
  });
  redis.on('close', () => {
    if (up) log.warn({ redis: name }, 'Redis link lost');
    up = false;
  });
  // ioredis reports every failed reconnect as an error event; the close above said it once already.
  redis.on('error', () => undefined);
  return redis;
}
