import type { FastifyInstance } from 'fastify';

/** serve-uploads (issue 4; being built). */
export default async function serveUploadsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
