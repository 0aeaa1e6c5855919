import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from '@shared/limits';
import { AppError } from '../errors/app-error';
import { bearerToken } from '../security/access';
import { addressKey } from './address-key';
import { ConcurrencyGate } from './concurrency-gate';
import { WindowLimiter } from './window-limiter';

/** The request-rate limits a route can name in its `config.rateLimit`. */
export type RateLimitName = 'documentCreates' | 'uploads' | 'remoteFetches' | 'snapshots' | 'exports';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request-rate limit this route counts against (infra/rate-limit); none when absent. */
    rateLimit?: RateLimitName;
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

interface LimiterPair {
  perIp: WindowLimiter;
  /** Null: the route needs no token (document creation), so only the address counts. */
  perToken: WindowLimiter | null;
}

/**
 * Per-address and per-token request limits for the routes that name one, checked in `onRequest`
 * (before a body is read). Our own fixed-window counters instead of @fastify/rate-limit: one request
 * is counted under two keys (address and token) with one typed answer, and a token only becomes a key
 * once it verifies, so made-up tokens cannot grow the tables.
 */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const s = app.config.security;
  const pair = (perIp: number, perToken: number | null): LimiterPair => ({
    perIp: new WindowLimiter(perIp, s.rateWindowMs, RateLimits.maxTrackedKeys),
    perToken: perToken === null ? null : new WindowLimiter(perToken, s.rateWindowMs, RateLimits.maxTrackedKeys),
  });
  const limiters: Record<RateLimitName, LimiterPair> = {
    documentCreates: pair(s.documentCreatesPerIp, null),
    uploads: pair(s.uploadsPerIp, s.uploadsPerToken),
    remoteFetches: pair(s.remoteFetchesPerIp, s.remoteFetchesPerToken),
    snapshots: pair(s.snapshotsPerIp, s.snapshotsPerToken),
    exports: pair(s.exportsPerIp, s.exportsPerToken),
  };

  /** A verified token as `<docId>.<role>` (never the token itself), 'admin', or undefined. */
  const tokenKey = (request: FastifyRequest): string | undefined => {
    const token = bearerToken(request);
    if (token === undefined) return undefined;
    if (app.access.isAdmin(token)) return 'admin';
    const claim = app.signer.verify(token);
    return claim ? `${claim.docId}.${claim.role}` : undefined;
  };

  app.decorate('remoteFetchGate', new ConcurrencyGate(s.remoteFetchConcurrency));

  app.addHook('onRequest', async (request, reply) => {
    const name = request.routeOptions.config.rateLimit;
    if (name === undefined) return;
    const { perIp, perToken } = limiters[name];
    const ipWait = perIp.hit(addressKey(request.ip));
    if (ipWait > 0) {
      request.log.info({ limit: name, per: 'address' }, 'rate limit reached');
      refuseRateLimited(reply, ipWait);
    }
    const key = perToken ? tokenKey(request) : undefined;
    const tokenWait = perToken && key !== undefined ? perToken.hit(key) : 0;
    if (tokenWait > 0) {
      request.log.info({ limit: name, per: 'token' }, 'rate limit reached');
      refuseRateLimited(reply, tokenWait);
    }
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['context', 'errors'] });
