import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, Errors } from '@shared/errors';

const API_PREFIXES = ['/api/', '/collab/', '/uploads/'];

/** Serves the built client, with the SPA fallback for `/` and `/d/:id`; typed 404s elsewhere. */
export default async function clientPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.clientDir;
  const hasClient = fs.existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The maps are built (for operators' error trackers) but not published unless enabled.
      allowedPath: (pathName) => app.config.publicSourceMaps || !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        // Vite names assets by content hash; index.html must be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ root }, 'no built client found; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
    if (hasClient && request.method === 'GET' && !isApi && (url === '/' || url.startsWith('/d/'))) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (hasClient && request.method === 'GET' && !isApi && !path.extname(url)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(Errors.NOT_FOUND.status).send(errorBody('NOT_FOUND'));
  });
}
