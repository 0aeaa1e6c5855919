import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@shared/api/media';

/**
 * CORS for editors served from other origins (TANDEM_CORS_ORIGINS; none = same origin only).
 * Bearer tokens, no cookies, so credentials stay off. Froala sends an `Access-Control-Allow-Origin`
 * *request* header on its uploads, so the preflight must allow that header name too.
 */
async function corsPlugin(app: FastifyInstance): Promise<void> {
  const allowed = new Set(app.config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin.toLowerCase())),
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Access-Control-Allow-Origin', 'Authorization', 'Content-Type', 'X-Requested-With'],
    exposedHeaders: [TOTAL_COUNT_HEADER, 'x-request-id'],
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  });
}

export default fp(corsPlugin, { name: 'cors', dependencies: ['context'] });
