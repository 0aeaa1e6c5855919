import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { DocumentModel } from '@shared/document/model/create-document-model';
import type { ServerConfig } from '../config';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/index';
import { loadOnce } from './load-once';
import { AccessControl } from './security/access';
import { loadOrCreateSecret, type SecretSource } from './security/secret';
import { TokenSigner } from './security/tokens';
import { openStore } from './storage/open-store';
import type { Store } from './storage/store';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    store: Store;
    /** Upload blobs (stored files and thumbnails): the local upload folder or an S3-compatible bucket. */
    blobs: BlobStore;
    signer: TokenSigner;
    access: AccessControl;
    /**
     * The deployment's document model (schema, rules), built once from `config.editor` at its first use (the
     * first document opened, export or version read): Tiptap and ProseMirror load then, not at start (issue 29).
     */
    loadDocumentModel: () => Promise<DocumentModel>;
    /**
     * Redis commands (REDIS_URL), shared by the plugins that coordinate instances; null with one instance.
     * A plugin that blocks or subscribes opens a connection of its own (`openRedis`).
     */
    redis: Redis | null;
    /**
     * This process among the instances sharing the database (random per start): it holds leases and
     * names its own temporary upload directory.
     */
    instanceId: string;
    /** Where the link secret came from (logged once at start-up). */
    secretSource: SecretSource;
  }
}

export interface ContextOptions {
  config: ServerConfig;
  /** A store to use instead of the configured one (tests). */
  store?: Store;
}

/** Decorates the root with config, the store, the access control and the document model's loader; closes the store last. */
async function contextPlugin(app: FastifyInstance, opts: ContextOptions): Promise<void> {
  const { config } = opts;
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Before the store opens: a PostgreSQL deployment without TANDEM_SECRET refuses to start (ConfigError).
  const { secret, source } = loadOrCreateSecret(config.dataDir, config.secret, config.databaseUrl !== undefined);
  const store = opts.store ?? (await openStore(config));
  const signer = new TokenSigner(secret);
  const instanceId = randomBytes(9).toString('base64url');
  app.decorate('instanceId', instanceId);
  app.decorate('secretSource', source);
  app.decorate('config', config);
  app.decorate('store', store);
  const blobs = await createBlobStore(config, app.log.child({ plugin: 'blobs' }));
  app.decorate('blobs', blobs);
  app.decorate('signer', signer);
  app.decorate('access', new AccessControl(signer, config.adminToken));
  app.decorate(
    'loadDocumentModel',
    loadOnce(async () =>
      (await import('@shared/document/model/create-document-model')).createDocumentModel(config.editor),
    ),
  );
  // ioredis (~22 MiB) is loaded only with REDIS_URL.
  const redis = config.redisUrl
    ? (await import('./redis/redis-client')).openRedis(config.redisUrl, 'commands', app.log)
    : null;
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis?.disconnect();
    blobs.close();
    await store.close();
  });
}

export default fp(contextPlugin, { name: 'context' });
