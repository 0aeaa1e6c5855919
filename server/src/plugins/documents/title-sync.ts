import type { FastifyBaseLogger } from 'fastify';
import type * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { readTitle } from '@shared/document/yjs/ydoc-title';
import { CollabLimits } from '@shared/limits';
import type { DocumentStore } from '../../infra/storage/store';
import type { CollabHooks } from '../../domain/collab/collab-core';
import { normalizeTitle } from '../../domain/documents/document-record';

export const TITLE_ORIGIN = 'tandem-server-title';

/** Keeps the documents table's title equal to the shared title in the Y.Doc, both ways. */
export function titleSyncHooks(store: DocumentStore, log: FastifyBaseLogger): CollabHooks {
  const timers = new Map<string, NodeJS.Timeout>();
  const observers = new Map<string, { meta: Y.Map<unknown>; fn: (e: Y.YMapEvent<unknown>) => void }>();

  const save = (docId: string, meta: Y.Map<unknown>): void => {
    const title = normalizeTitle(meta.doc ? readTitle(meta.doc) : '');
    store.rename(docId, title, Date.now()).catch((err: unknown) => log.error({ err, docId }, 'storing title failed'));
  };

  return {
    name: 'documents:title-sync',
    async onLoad({ docId, document: { doc } }) {
      const meta = doc.getMap<unknown>(YDocKeys.meta);
      if (!meta.has(YDocKeys.titleKey)) {
        const row = await store.get(docId);
        if (row && row.title !== '') {
          doc.transact(() => meta.set(YDocKeys.titleKey, row.title), TITLE_ORIGIN);
        }
      }
      const fn = (event: Y.YMapEvent<unknown>): void => {
        if (event.transaction.origin === TITLE_ORIGIN || !event.keysChanged.has(YDocKeys.titleKey)) return;
        clearTimeout(timers.get(docId));
        const timer = setTimeout(() => {
          timers.delete(docId);
          save(docId, meta);
        }, CollabLimits.titleStoreDebounceMs);
        timer.unref();
        timers.set(docId, timer);
      };
      meta.observe(fn);
      observers.set(docId, { meta, fn });
    },
    onUnload({ docId }) {
      const pending = timers.get(docId);
      const observer = observers.get(docId);
      if (pending) {
        clearTimeout(pending);
        timers.delete(docId);
        if (observer) save(docId, observer.meta);
      }
      if (observer) observer.meta.unobserve(observer.fn);
      observers.delete(docId);
    },
  };
}
