import type { FastifyInstance } from 'fastify';
import {
  READINESS_TIMEOUT_MS,
  ReadinessChecks,
  type CheckState,
  type CheckStates,
  type NotReadyDetails,
  type ReadinessCheck,
  type Ready,
} from '@shared/api/health';
import { errorBody, Errors } from '@shared/errors';

/** Rejects when `work` takes longer than the readiness budget: a hung dependency is a failed one. */
async function withinBudget(work: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is up. `/readyz`: every dependency answers — the database takes a write (SQLite
 * or PostgreSQL), Redis is connected and answers PING (when REDIS_URL is set), the upload storage is usable
 * (the local folder or the S3 bucket). A 503 names the failed ones, so an operator sees which it is.
 */
export default async function healthPlugin(app: FastifyInstance): Promise<void> {
  const probes: Record<ReadinessCheck, (() => Promise<unknown>) | null> = {
    database: () => app.store.checkWritable(),
    redis: app.redis
      ? async () => {
          const redis = app.redis;
          // `ready` first: without the offline queue a command on a reconnecting link fails anyway.
          if (redis?.status !== 'ready') throw new Error(`Redis link is ${redis?.status ?? 'missing'}`);
          await redis.ping();
        }
      : null,
    storage: () => app.blobs.check(),
  };

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const states = await Promise.all(
      ReadinessChecks.map(async (name): Promise<CheckState> => {
        const probe = probes[name];
        if (!probe) return 'off';
        try {
          await withinBudget(probe);
          return 'ok';
        } catch (err) {
          request.log.error({ err, check: name }, 'readiness check failed');
          return 'failed';
        }
      }),
    );
    const checks = Object.fromEntries(ReadinessChecks.map((name, i) => [name, states[i]])) as CheckStates;
    const failed = ReadinessChecks.filter((name) => checks[name] === 'failed');
    if (failed.length > 0) {
      const details: NotReadyDetails = { failed, checks };
      return reply.status(Errors.NOT_READY.status).send(errorBody('NOT_READY', details));
    }
    const ready: Ready = { status: 'ready', ...app.collab.stats(), checks };
    return ready;
  });
}
