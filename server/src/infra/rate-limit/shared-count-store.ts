import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** How long a request waits for Redis before it is counted by this instance alone. */
const REDIS_ANSWER_MS = 250;

/**
 * One fixed window per key: the first request of a window sets its expiry (a key without one, left by an
 * interrupted call, gets one too). Answers the count and the window's remaining milliseconds.
 */
const COUNT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

interface Count {
  current: number;
  ttl: number;
}

/** This instance's own fixed windows, at most `maxKeys` (the least recently counted go first). */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; start: number }>();

  constructor(private readonly maxKeys: number) {}

  incr(key: string, windowMs: number, now: number): Count {
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) w = { count: 0, start: now };
    w.count += 1;
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    return { current: w.count, ttl: w.start + windowMs - now };
  }
}

const parseCount = (reply: unknown): Count | null => {
  if (!Array.isArray(reply) || reply.length !== 2) return null;
  const [current, ttl] = reply.map(Number);
  return current !== undefined && ttl !== undefined && Number.isFinite(current) && Number.isFinite(ttl)
    ? { current, ttl }
    : null;
};

export interface SharedCountOptions {
  redis: Redis;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Keys every instance of the deployment shares (one prefix per deployment). */
  prefix: string;
  maxLocalKeys: number;
}

/**
 * A @fastify/rate-limit store for several instances: requests are counted in Redis (every instance adds to
 * the same window), and also here. When Redis fails or is slow the request is counted by this instance's
 * own windows instead, never refused or held for Redis. Each limiter names its counter (the `counter`
 * option it is made with), so two limiters never share a key.
 */
export function sharedCountStore(opts: SharedCountOptions): FastifyRateLimitStoreCtor {
  let failing = false;
  const note = (ok: boolean): void => {
    if (ok === !failing) return;
    failing = !ok;
    if (failing) opts.log.warn('rate limits are counted per instance while Redis does not answer');
    else opts.log.info('rate limits are counted in Redis again');
  };

  const countInRedis = async (key: string, windowMs: number): Promise<Count | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), REDIS_ANSWER_MS);
    });
    try {
      const answer = opts.redis.eval(COUNT_SCRIPT, 1, key, windowMs).then(parseCount, () => null);
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  class SharedCountStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindows(opts.maxLocalKeys);
    private readonly counter: string;

    /** `options`: the plugin's (the root store) or a limiter's merged options (its `child`). */
    constructor(options: object) {
      const counter: unknown = Reflect.get(options, 'counter');
      this.counter = typeof counter === 'string' ? counter : '';
    }

    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      const own = this.local.incr(key, timeWindow, Date.now());
      void countInRedis(`${opts.prefix}${this.counter}:${key}`, timeWindow).then((shared) => {
        note(shared !== null);
        callback(null, shared ?? own);
      });
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new SharedCountStore(routeOptions);
    }
  }
  return SharedCountStore;
}
