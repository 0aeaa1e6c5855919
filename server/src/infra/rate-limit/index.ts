import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from '@shared/limits';
import { AppError } from '../errors/app-error';
import { bearerToken } from '../security/access';
import { ConcurrencyGate } from './concurrency-gate';
import { sharedCountStore } from './shared-count-store';

/** The request-rate limits a route can name in its `config.requestLimit`. */
export type RateLimitName =
  'documentCreates' | 'listCreates' | 'lists' | 'uploads' | 'remoteFetches' | 'snapshots' | 'exports' | 'comments';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request-rate limit this route counts against (infra/rate-limit); none when absent. Not
     * `rateLimit`: @fastify/rate-limit reads that one for its own per-route limits.
     */
    requestLimit?: RateLimitName;
  }
  interface FastifyInstance {
    /** Remote image fetches running at once in this process (TANDEM_FETCH_CONCURRENCY). */
    remoteFetchGate: ConcurrencyGate;
  }
}

/** Answers 429 RATE_LIMITED with `Retry-After` (whole seconds, at least 1). */
export function refuseRateLimited(reply: FastifyReply, retryAfterMs: number): never {
  void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw new AppError('RATE_LIMITED');
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

interface LimiterPair {
  perIp: Limiter;
  /** Null: the route needs no token (document creation), so only the address counts. */
  perToken: Limiter | null;
}

/** A token that is no link counts against nothing (made-up tokens cannot grow the tables). */
const NO_TOKEN = '';

/**
 * Per-address and per-token request limits for the routes that name one, checked in `onRequest`
 * (before a body is read). The counting and the stores are @fastify/rate-limit's (fixed windows in a
 * bounded LRU; with Redis, `sharedCountStore`); this hook counts one request under two
 * keys, address first, and gives the one typed answer. IPv6 addresses count per /64 (the library's
 * `ipv6Subnet`); a token counts as `<docId>.<role>` once it verifies, never as the token itself.
 */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const s = app.config.security;
  // No limit of its own on any route (global: false): only the limiters made below. With Redis (several
  // instances) every limiter counts there, so a limit holds across instances (shared-count-store.ts).
  const store = app.redis
    ? sharedCountStore({
        redis: app.redis,
        log: app.log.child({ plugin: 'rate-limit' }),
        prefix: 'tandem:rate:',
        maxLocalKeys: RateLimits.maxTrackedKeys,
      })
    : undefined;
  await app.register(fastifyRateLimit, { global: false, ...(store ? { store } : {}) });

  /** A verified token as `<docId>.<role>`, `<listId>.list`, 'admin', or NO_TOKEN. */
  const tokenKey = (request: FastifyRequest): string => {
    const token = bearerToken(request);
    if (token === undefined) return NO_TOKEN;
    if (app.access.isAdmin(token)) return 'admin';
    const claim = app.signer.verify(token);
    if (claim) return `${claim.docId}.${claim.role}`;
    const list = app.signer.verifyList(token);
    return list ? `${list.listId}.list` : NO_TOKEN;
  };

  const limiter = (counter: string, max: number, byToken: boolean): Limiter => {
    // `cache` sizes this limiter's own store, `counter` names its keys in Redis (the library merges both
    // like a route's options and hands them to the store).
    const options: Parameters<FastifyInstance['createRateLimit']>[0] & { cache: number; counter: string } = {
      counter,
      max,
      timeWindow: s.rateWindowMs,
      cache: RateLimits.maxTrackedKeys,
      ...(byToken
        ? { keyGenerator: tokenKey, allowList: (_request, key) => key === NO_TOKEN }
        : { ipv6Subnet: RateLimits.ipv6PrefixBits }),
    };
    return app.createRateLimit(options);
  };
  const pair = (name: RateLimitName, perIp: number, perToken: number | null): LimiterPair => ({
    perIp: limiter(`${name}.ip`, perIp, false),
    perToken: perToken === null ? null : limiter(`${name}.token`, perToken, true),
  });
  const limiters: Record<RateLimitName, LimiterPair> = {
    documentCreates: pair('documentCreates', s.documentCreatesPerIp, null),
    listCreates: pair('listCreates', s.listCreatesPerIp, null),
    lists: pair('lists', s.listsPerIp, s.listsPerToken),
    uploads: pair('uploads', s.uploadsPerIp, s.uploadsPerToken),
    remoteFetches: pair('remoteFetches', s.remoteFetchesPerIp, s.remoteFetchesPerToken),
    snapshots: pair('snapshots', s.snapshotsPerIp, s.snapshotsPerToken),
    exports: pair('exports', s.exportsPerIp, s.exportsPerToken),
    comments: pair('comments', s.commentsPerIp, s.commentsPerToken),
  };

  /** Counts the request; refuses it when this key is over its limit. */
  const count = async (request: FastifyRequest, reply: FastifyReply, limit: Limiter, per: string): Promise<void> => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    request.log.info({ limit: request.routeOptions.config.requestLimit, per }, 'rate limit reached');
    refuseRateLimited(reply, result.ttl);
  };

  app.decorate('remoteFetchGate', new ConcurrencyGate(s.remoteFetchConcurrency));
  app.addHook('onRequest', async (request, reply) => {
    const name = request.routeOptions.config.requestLimit;
    if (name === undefined) return;
    const { perIp, perToken } = limiters[name];
    await count(request, reply, perIp, 'address');
    if (perToken) await count(request, reply, perToken, 'token');
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['context', 'errors'] });
