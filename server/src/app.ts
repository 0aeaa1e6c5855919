import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import context from './infra/context';
import errors from './infra/errors/index';
import type { Store } from './infra/storage/store';
import clientPlugin from './plugins/client/index';
import collab from './plugins/collab/index';
import configPlugin from './plugins/config/index';
import documents from './plugins/documents/index';
import health from './plugins/health/index';

export interface AppOptions {
  config: ServerConfig;
  store?: Store;
}

/** The whole application as one plugin: infrastructure, then concerns, then the client. */
async function app(instance: FastifyInstance, opts: AppOptions): Promise<void> {
  await instance.register(context, { config: opts.config, store: opts.store });
  await instance.register(errors);
  await instance.register(collab);
  await instance.register(documents);
  await instance.register(health);
  await instance.register(configPlugin);
  await instance.register(clientPlugin);
}

export default fp(app, { name: 'tandem' });
