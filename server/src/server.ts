import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type {} from '@fastify/websocket';
import app from './app';
import type { ServerConfig } from './config';
import { lazySchemaCompilers } from './infra/lazy-schemas';
import type { Store } from './infra/storage/store';

/** Removes token values from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers["sec-websocket-protocol"]'], censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) {
        return { method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip };
      },
    },
  };
}

export interface BuildOptions {
  config: ServerConfig;
  store?: Store;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /** The clock of version history (tests move a fake one); Date.now by default. */
  clock?: () => number;
}

/** Fastify's `trustProxy` for the configured value (a hop count becomes the function proxy-addr would make). */
function trustProxyOption(value: ServerConfig['security']['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** Creates the Fastify instance with the whole app registered (not listening yet). */
export async function buildServer(opts: BuildOptions): Promise<FastifyInstance> {
  const server = Fastify({
    logger: loggerOptions(opts.config.logLevel, opts.logStream),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // request.ip is the socket address unless TANDEM_TRUST_PROXY names the proxies in front (rate limits key on it).
    trustProxy: trustProxyOption(opts.config.security.trustProxy),
    bodyLimit: 1024 * 1024,
    // Unknown properties are refused, not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
    // Each route's schemas are compiled at its first request instead of at start (memory at rest).
    schemaController: { compilersFactory: lazySchemaCompilers },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await server.register(app, { config: opts.config, store: opts.store, clock: opts.clock });
  return server;
}
