import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { commentRoutes } from './routes';

/**
 * Comments (issue 28): threads, replies and their resolve state live on the server, change only through
 * this API (the link's capability checked), and every change is announced to the document's connections
 * on every instance as a comments frame (`app.collab.sendToDocument`). Anchors are marks in the document.
 */
async function commentsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(commentRoutes);
}

export default fp(commentsPlugin, { name: 'comments', dependencies: ['context', 'collab', 'document-access'] });
