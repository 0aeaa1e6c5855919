import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AutosaveLimits } from '@shared/limits';
import { SanitizePool } from './sanitize-pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** `sanitizeHtml` in worker threads (TANDEM_SANITIZE_WORKERS), so large bodies never stall requests. */
    sanitizer: SanitizePool;
  }
}

/** Decorates the root with the sanitizer pool; its workers start on first use and stop on close. */
async function sanitizerPlugin(app: FastifyInstance): Promise<void> {
  const pool = new SanitizePool({
    size: app.config.security.sanitizeWorkers,
    maxQueued: AutosaveLimits.maxQueuedSanitizes,
    idleMs: AutosaveLimits.sanitizeWorkerIdleMs,
    editorOptions: app.config.editor,
    onError: (err) => app.log.error({ err }, 'sanitizer worker failed'),
  });
  app.decorate('sanitizer', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
}

export default fp(sanitizerPlugin, { name: 'sanitizer', dependencies: ['context'] });
