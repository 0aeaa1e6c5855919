import { AutosaveLimits } from '@shared/limits';

/** Bodies whose save has not succeeded yet, per document: sent again when the document opens next. */
export interface PendingStore {
  get(docId: string): Promise<string | null>;
  set(docId: string, body: string): Promise<void>;
  delete(docId: string): Promise<void>;
}

/** For tests and for browsers without IndexedDB. */
export function memoryPendingStore(): PendingStore {
  const bodies = new Map<string, string>();
  return {
    get: (docId) => Promise.resolve(bodies.get(docId) ?? null),
    set: (docId, body) => {
      bodies.set(docId, body);
      return Promise.resolve();
    },
    delete: (docId) => {
      bodies.delete(docId);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'tandem-autosave';
const STORE = 'pending';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The pending bodies in IndexedDB (a few lines instead of a package). Every failure (private mode, quota,
 * a blocked upgrade) is swallowed: autosave then only loses the survival across a reload.
 */
export function indexedDbPendingStore(
  factory: IDBFactory | null = typeof indexedDB === 'undefined' ? null : indexedDB,
): PendingStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('no IndexedDB'));
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => reject(new Error('IndexedDB blocked'));
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    return promised(act(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    async get(docId) {
      try {
        const value: unknown = await run('readonly', (s) => s.get(docId) as IDBRequest<unknown>);
        // Another tab or an older version may have written anything here.
        const body = typeof value === 'object' && value !== null ? (value as { body?: unknown }).body : undefined;
        return typeof body === 'string' && body.length <= AutosaveLimits.maxBodyBytes ? body : null;
      } catch {
        return null;
      }
    },
    async set(docId, body) {
      try {
        await run('readwrite', (s) => s.put({ body, at: Date.now() }, docId));
      } catch {
        // see above
      }
    },
    async delete(docId) {
      try {
        await run('readwrite', (s) => s.delete(docId));
      } catch {
        // see above
      }
    },
  };
}
