import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { purgeDocumentMedia } from '../../domain/media/purge-document-media';
import { TRASH_RETENTION_MS } from '../../domain/documents/document-record';
import { documentRoutes } from './routes';
import { initialContentHooks } from './initial-content';
import { titleSyncHooks } from './title-sync';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Instances sharing a database purge in turn: the one that takes this lease purges, the others skip this
 * round. It is kept for the interval (at most one purge per interval across instances) and given up on
 * close, so that a restart purges at once as before.
 */
const PURGE_LEASE = 'documents:purge-trash';
const PURGE_LEASE_MS = PURGE_INTERVAL_MS - 60_000;

async function documentsPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ plugin: 'documents' });
  app.collab.addHooks(titleSyncHooks(app.store.documents, log));
  app.collab.addHooks(initialContentHooks());
  await app.register(documentRoutes);

  const purge = async (): Promise<void> => {
    try {
      const now = Date.now();
      if (!(await app.store.leases.acquire(PURGE_LEASE, app.instanceId, PURGE_LEASE_MS, now))) return;
      // Leases of instances that stopped without giving them up.
      await app.store.leases.sweep(now - PURGE_INTERVAL_MS);
      const ids = await app.store.documents.purgeDeletedBefore(now - TRASH_RETENTION_MS);
      for (const id of ids) await purgeDocumentMedia(app, id);
      if (ids.length > 0) log.info({ count: ids.length }, 'purged documents from the trash');
    } catch (err) {
      log.error({ err }, 'purging the trash failed');
    }
  };
  app.addHook('onReady', purge);
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.store.leases.release(PURGE_LEASE, app.instanceId).catch(() => undefined);
  });
}

export default fp(documentsPlugin, { name: 'documents', dependencies: ['context', 'collab'] });
