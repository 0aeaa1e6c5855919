import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { purgeDocumentMedia } from '../../domain/media/purge-document-media';
import { TRASH_RETENTION_MS } from '../../domain/documents/document-record';
import { documentRoutes } from './routes';
import { initialContentHooks } from './initial-content';
import { titleSyncHooks } from './title-sync';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

async function documentsPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ plugin: 'documents' });
  app.collab.addHooks(titleSyncHooks(app.store.documents, log));
  app.collab.addHooks(initialContentHooks());
  await app.register(documentRoutes);

  const purge = async (): Promise<void> => {
    try {
      const ids = await app.store.documents.purgeDeletedBefore(Date.now() - TRASH_RETENTION_MS);
      for (const id of ids) await purgeDocumentMedia(app, id);
      if (ids.length > 0) log.info({ count: ids.length }, 'purged documents from the trash');
    } catch (err) {
      log.error({ err }, 'purging the trash failed');
    }
  };
  app.addHook('onReady', purge);
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(documentsPlugin, { name: 'documents', dependencies: ['context', 'collab'] });
