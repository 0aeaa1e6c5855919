import type { FastifyInstance } from 'fastify';

/** cors (issue 4; being built). */
export default async function corsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
