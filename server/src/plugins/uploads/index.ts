import type { FastifyInstance } from 'fastify';

/** uploads (issue 4; being built). */
export default async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
