import type { FastifyInstance } from 'fastify';
import { PresenceTracker } from './presence';
import { listRoutes } from './routes';

/**
 * "My documents" lists (issue 25): a list link keeps a browser's documents on the server, so another device
 * that opens the link sees the same list, with titles, last changes and who is in each document now.
 */
export default async function listsPlugin(app: FastifyInstance): Promise<void> {
  const presence = new PresenceTracker();
  app.collab.addHooks(presence.hooks());
  await app.register(listRoutes(presence));
}
