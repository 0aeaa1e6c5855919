import type { FastifyInstance } from 'fastify';

/** snapshots (issue 4; being built). */
export default async function snapshotsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
