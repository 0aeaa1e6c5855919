import type { FastifyInstance } from 'fastify';
import { exportRoutes } from './routes';

/** `GET /api/documents/:id/export`: the stored document as HTML, plain text or JSON, rendered with the model. */
export default async function exportPlugin(app: FastifyInstance): Promise<void> {
  await app.register(exportRoutes);
}
