import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedAuthors } from './recorder';

/*
 * The authors of each document's next version, as a Redis set every instance adds to (recorder.ts,
 * `SharedAuthors`). A set nobody takes (its document was never recorded again) expires.
 */

const setKey = (docId: string): string => `tandem:doc:${docId}:authors`;

/** KEYS[1] the set; ARGV the cap, the set's lifetime (ms), then the names. Adds while under the cap. */
const ADD = `
for i = 3, #ARGV do
  if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then break end
  redis.call('SADD', KEYS[1], ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

export function redisSharedAuthors(opts: {
  redis: Redis;
  log: FastifyBaseLogger;
  /** Most names one version lists. */
  max: number;
  /** A set untouched this long goes. */
  ttlMs: number;
}): SharedAuthors {
  const { redis, log } = opts;
  return {
    add(docId, names) {
      if (names.length === 0) return;
      redis.eval(ADD, 1, setKey(docId), opts.max, opts.ttlMs, ...names).catch((error: unknown) => {
        log.debug({ err: error, docId }, 'could not add authors to the shared set');
      });
    },
    async take(docId) {
      const key = setKey(docId);
      try {
        const replies = await redis.multi().smembers(key).del(key).exec();
        const [error, names] = replies?.[0] ?? [null, []];
        if (error) throw error;
        return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string').sort() : [];
      } catch (error) {
        // The version lists this instance's authors only; the set stays for the next one.
        log.warn({ err: error, docId }, 'could not read the authors other instances added');
        return [];
      }
    },
  };
}
