import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CollabBus, ConnectionCounter } from '../../domain/collab/collab-core';
import { RedisConnectionCounter } from './connection-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus between instances (REDIS_URL), which the collaboration core uses; null with one instance. */
    collabBus: (CollabBus & { readonly connected: boolean; readonly instanceId: string }) | null;
    /** Each document's connections counted on every instance, for its cap; null with one instance. */
    collabConnections: ConnectionCounter | null;
  }
}

/** Registered before the collaboration core, which takes `app.collabBus` and `app.collabConnections` when set. */
async function redisBusPlugin(app: FastifyInstance): Promise<void> {
  const url = app.config.redisUrl;
  const redis = app.redis;
  if (!url || !redis) {
    app.decorate('collabBus', null);
    app.decorate('collabConnections', null);
    return;
  }
  const log = app.log.child({ plugin: 'redis-bus' });
  // Loaded only with REDIS_URL: one instance never loads ioredis.
  const { RedisBus } = await import('./redis-bus');
  const bus = new RedisBus({ url, updates: app.store.updates, log, instanceId: app.instanceId });
  log.info({ instance: bus.instanceId }, 'documents are shared with other instances through Redis');
  app.decorate('collabBus', bus);
  const connections = new RedisConnectionCounter({ redis, instanceId: app.instanceId, log });
  app.decorate('collabConnections', connections);
  // Closed after the collaboration core (plugins close in reverse order): its last commits still publish,
  // and its connections are gone from the counts.
  app.addHook('onClose', async () => {
    await connections.close();
    await bus.close();
  });
}

export default fp(redisBusPlugin, { name: 'redis-bus', dependencies: ['context'] });
