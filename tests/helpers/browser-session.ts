import 'fake-indexeddb/auto';
import WebSocket from 'ws';
import { vi } from 'vitest';
import { CollabSession } from '../../client/src/editor/collab/collab-provider';

/**
 * What the browser's collaboration session needs of a page, in Node: its address (`host`, where the session
 * connects), localStorage, IndexedDB (fake-indexeddb) and the online/offline events, dispatched on the
 * returned target. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowser(host: string): EventTarget {
  const page = Object.assign(new EventTarget(), { location: { protocol: 'http:', host } });
  const stored = new Map<string, string>();
  vi.stubGlobal('window', page);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  return page;
}

/** The browser's own session (IndexedDB copy, reconnects, presence) on the stubbed page's server. */
export function openBrowserSession(docId: string, token: string): CollabSession {
  return new CollabSession(docId, token, { WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket });
}
