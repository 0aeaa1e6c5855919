import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CollabBus } from '../../domain/collab/collab-core';
import { RedisBus } from './redis-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus between instances (REDIS_URL), which the collaboration core uses; null with one instance. */
    collabBus: (CollabBus & { readonly connected: boolean; readonly instanceId: string }) | null;
  }
}

/** Registered before the collaboration core, which takes `app.collabBus` when it is set. */
async function redisBusPlugin(app: FastifyInstance): Promise<void> {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('collabBus', null);
    return;
  }
  const log = app.log.child({ plugin: 'redis-bus' });
  const bus = new RedisBus({ url, updates: app.store.updates, log, instanceId: app.instanceId });
  log.info({ instance: bus.instanceId }, 'documents are shared with other instances through Redis');
  app.decorate('collabBus', bus);
  // Closed after the collaboration core (plugins close in reverse order): its last commits still publish.
  app.addHook('onClose', () => bus.close());
}

export default fp(redisBusPlugin, { name: 'redis-bus', dependencies: ['context'] });
