import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';

export interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close codes this client's socket received, in order. */
  closeCodes: number[];
  destroy(): void;
}

/** A real, unmodified y-websocket provider from Node (ws as the WebSocket implementation). */
export function connectClient(
  collabUrl: string,
  docId: string,
  token: string,
  opts: { connect?: boolean } = {},
): Client {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(collabUrl, docId, doc, {
    params: { token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    connect: opts.connect ?? true,
    maxBackoffTime: 300,
  });
  const closeCodes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closeCodes.push(event.code);
  });
  return {
    doc,
    provider,
    closeCodes,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

export function waitSynced(client: Client, timeoutMs = 5_000): Promise<void> {
  if (client.provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not synced in time')), timeoutMs);
    const onSync = (synced: boolean): void => {
      if (!synced) return;
      clearTimeout(timer);
      client.provider.off('sync', onSync);
      resolve();
    };
    client.provider.on('sync', onSync);
  });
}

/** A raw socket for protocol-level tests; resolves its close code. */
export function rawSocket(url: string): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const closed = new Promise<{ code: number; reason: string }>((res) => {
      ws.on('close', (code, reason) => res({ code, reason: reason.toString() }));
    });
    ws.on('error', () => undefined);
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}
