import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { VersionLimits } from '@shared/limits';
import { VersionRecorder, type RecordRequest, type RecordResult } from './recorder';
import { retentionPolicyOf } from '../../domain/versions/retention';
import { versionRoutes } from './routes';
import { redisSharedAuthors } from './shared-authors';

export interface VersionsService {
  /** Records a version of a document now, loading it when it is not open. */
  record(docId: string, request: RecordRequest): Promise<RecordResult>;
  /** Records the bursts that went idle or ran too long (the periodic check; tests call it directly). */
  runDue(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Version history (issue 13). */
    versions: VersionsService;
  }
}

export interface VersionsOptions {
  /** The recorder's and retention's clock (tests move a fake one); Date.now by default. */
  clock?: () => number;
}

/** Version history: records versions of the open documents, thins them, and serves them. */
async function versionsPlugin(app: FastifyInstance, opts: VersionsOptions): Promise<void> {
  const log = app.log.child({ plugin: 'versions' });
  const recorder = new VersionRecorder({
    store: app.store.versions,
    schema: async () => (await app.loadDocumentModel()).schema,
    log,
    clock: opts.clock ?? Date.now,
    idleMs: VersionLimits.idleMs,
    maxBurstMs: VersionLimits.maxBurstMs,
    retention: retentionPolicyOf(app.config),
    // With Redis, other instances open the same documents: one records each, listing every instance's
    // authors (recorder.ts).
    shared: app.config.redisUrl
      ? {
          leases: app.store.leases,
          holder: app.instanceId,
          leaseMs: VersionLimits.checkIntervalMs * 6,
          authors: app.redis
            ? redisSharedAuthors({
                redis: app.redis,
                log,
                max: VersionLimits.maxAuthorsPerVersion,
                ttlMs: 2 * (VersionLimits.maxBurstMs + VersionLimits.idleMs),
              })
            : undefined,
        }
      : undefined,
  });
  app.collab.addHooks(recorder.hooks());
  app.decorate<VersionsService>('versions', {
    async record(docId, request) {
      // The state is taken inside withDocument; the store write may finish after it returns.
      const { pending } = await app.collab.withDocument(docId, (_doc, document) => {
        const recording = recorder.recordDocument(document, request);
        recording.catch(() => undefined);
        return { pending: recording };
      });
      return pending;
    },
    runDue: () => recorder.runDue(),
  });

  const timer = setInterval(() => void recorder.runDue(), VersionLimits.checkIntervalMs);
  timer.unref();
  // The collab registry records pending versions as it unloads each document (preClose); the store
  // closes after this.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await recorder.idle();
  });

  await app.register(versionRoutes);
}

export default fp(versionsPlugin, { name: 'versions', dependencies: ['context', 'collab'] });
