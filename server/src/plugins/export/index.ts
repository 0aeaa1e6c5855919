import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ExportLimits } from '@shared/limits';
import { exportRoutes } from './routes';
import { ExportPool } from './worker/export-pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** PDF and .docx rendering in worker threads, so a large document never stalls other requests. */
    exportPool: ExportPool;
  }
}

/**
 * `GET /api/documents/:id/export`: the stored document as HTML, plain text, JSON or Markdown (rendered with
 * the model on the event loop), or as PDF or .docx (rendered in the export workers).
 */
async function exportPlugin(app: FastifyInstance): Promise<void> {
  const pool = new ExportPool({
    size: ExportLimits.workers,
    maxQueued: ExportLimits.maxQueued,
    timeoutMs: ExportLimits.renderTimeoutMs,
    idleMs: ExportLimits.workerIdleMs,
    editorOptions: app.config.editor,
    onError: (err) => app.log.error({ err }, 'export worker failed'),
  });
  app.decorate('exportPool', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
  await app.register(exportRoutes);
}

export default fp(exportPlugin, { name: 'export' });
