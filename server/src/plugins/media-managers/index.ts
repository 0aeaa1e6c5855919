import type { FastifyInstance } from 'fastify';

/** media-managers (issue 4; being built). */
export default async function mediaManagersPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
