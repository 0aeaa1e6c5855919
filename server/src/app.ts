import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import context from './infra/context';
import errors from './infra/errors/index';
import formBody from './infra/form-body';
import rateLimit from './infra/rate-limit/index';
import sanitizer from './infra/sanitize/sanitizer';
import type { Store } from './infra/storage/store';
import adminBackup from './plugins/admin-backup/index';
import clientPlugin from './plugins/client/index';
import comments from './plugins/comments/index';
import collab from './plugins/collab/index';
import redisBus from './plugins/redis-bus/index';
import configPlugin from './plugins/config/index';
import cors from './plugins/cors/index';
import documentAccess from './plugins/document-access/index';
import documents from './plugins/documents/index';
import embeds from './plugins/embeds/index';
import exportPlugin from './plugins/export/index';
import health from './plugins/health/index';
import metrics from './plugins/metrics/index';
import lists from './plugins/lists/index';
import mediaManagers from './plugins/media-managers/index';
import securityHeaders from './plugins/security-headers/index';
import serveUploads from './plugins/serve-uploads/index';
import snapshots from './plugins/snapshots/index';
import uploads from './plugins/uploads/index';
import versions from './plugins/versions/index';

export interface AppOptions {
  config: ServerConfig;
  store?: Store;
  /** The clock of version history (tests move a fake one); Date.now by default. */
  clock?: () => number;
}

/** The whole application as one plugin: infrastructure, then concerns, then the client. */
async function app(instance: FastifyInstance, opts: AppOptions): Promise<void> {
  await instance.register(context, { config: opts.config, store: opts.store });
  await instance.register(errors);
  // Security headers and the sanitizer workers serve the whole app (fastify-plugin).
  await instance.register(securityHeaders);
  await instance.register(sanitizer);
  // CORS and the form parser wrap every API route (fastify-plugin, not encapsulated).
  await instance.register(cors);
  await instance.register(formBody);
  // After CORS, so a 429 still carries the CORS headers a cross-origin editor needs to read it.
  await instance.register(rateLimit);
  // Before every route plugin: it adds the `config.doc` check to the routes registered after it.
  await instance.register(documentAccess);
  await instance.register(redisBus);
  await instance.register(collab);
  // Right after the core it counts, before the routes whose responses it counts.
  await instance.register(metrics);
  await instance.register(documents);
  await instance.register(lists);
  await instance.register(exportPlugin);
  await instance.register(uploads);
  await instance.register(embeds);
  await instance.register(serveUploads);
  await instance.register(mediaManagers);
  await instance.register(snapshots);
  await instance.register(versions, { clock: opts.clock });
  await instance.register(comments);
  await instance.register(adminBackup);
  await instance.register(health);
  await instance.register(configPlugin);
  await instance.register(clientPlugin);
}

export default fp(app, { name: 'tandem' });
