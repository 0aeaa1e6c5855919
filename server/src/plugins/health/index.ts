import type { FastifyInstance } from 'fastify';
import { errorBody, Errors } from '@shared/errors';

/** `/healthz`: the process is up. `/readyz`: the database accepts writes. */
export default async function healthPlugin(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await app.store.checkWritable();
      return { status: 'ready', ...app.collab.stats() };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply.status(Errors.NOT_READY.status).send(errorBody('NOT_READY'));
    }
  });
}
