import { peekTokenFromLocation } from '../../lib/link-token';
import { prefetch } from '../../lib/early-requests';
import { documentIdOfPage } from '../../lib/route';

// No Yjs, no React here: the boot script imports this before the app's code has arrived.

/** An unused early socket is closed after this long (ms): the page did not want that document after all. */
const UNCLAIMED_CLOSE_MS = 15_000;
/** How long an adopted socket waits for the answer to its first sync request before the provider takes over anyway (ms). */
const ANSWER_WAIT_MS = 5_000;

// y-protocols framing: messageSync (0), then syncStep1 (0) with a state vector, or syncStep2 (1).
const SYNC_STEP_1_EMPTY = new Uint8Array([0, 0, 1, 0]); // step 1 with an empty state vector ([0]: no clients)
const isSyncStep2 = (data: unknown): boolean => {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data, 0, Math.min(2, data.byteLength)) : null;
  return !!bytes && bytes[0] === 0 && bytes[1] === 1;
};

/** The collaboration endpoint of this page's server. */
export function collabServerUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/collab`;
}

/** The address y-websocket opens for a document (server URL, room, query parameters). */
export function collabSocketUrl(docId: string, token: string): string {
  return `${collabServerUrl()}/${docId}?token=${encodeURIComponent(token)}`;
}

interface Early {
  url: string;
  ws: WebSocket;
  buffer: MessageEvent[];
  askedForDocument: boolean;
  detach: () => void;
}

let early: Early | null = null;

/**
 * Opens the socket of the document in the address bar and asks for the whole document at once, before
 * the editor's code is even downloaded: the server loads the document while the page boots. The
 * answer waits in a buffer until the collaboration provider adopts the socket (`AdoptingWebSocket`).
 */
export function openEarlySocket(): void {
  const docId = documentIdOfPage();
  if (!docId || typeof WebSocket !== 'function') return;
  // The page itself remembers the token and clears the address bar later, as it always did.
  const token = peekTokenFromLocation(docId);
  if (!token) return;
  // What the page asks first once its code runs: the answers come while that code downloads.
  prefetch('/api/config');
  prefetch(`/api/documents/${encodeURIComponent(docId)}`, token);
  const url = collabSocketUrl(docId, token);
  // `start=empty` tells the server this page holds nothing yet: it may send the stored document at once.
  const ws = new WebSocket(`${url}&start=empty`);
  ws.binaryType = 'arraybuffer';
  const entry: Early = { url, ws, buffer: [], askedForDocument: false, detach: () => undefined };
  const onOpen = (): void => {
    ws.send(SYNC_STEP_1_EMPTY);
    entry.askedForDocument = true;
  };
  const onMessage = (event: MessageEvent): void => void entry.buffer.push(event);
  ws.addEventListener('open', onOpen);
  ws.addEventListener('message', onMessage);
  const unclaimed = setTimeout(() => {
    if (early !== entry) return;
    early = null;
    ws.close();
  }, UNCLAIMED_CLOSE_MS);
  entry.detach = () => {
    clearTimeout(unclaimed);
    ws.removeEventListener('open', onOpen);
    ws.removeEventListener('message', onMessage);
  };
  early = entry;
}

/**
 * Hands the early socket to the provider that asks for its address. The provider has set its handlers
 * by the time this runs (a microtask after construction): buffered messages go to them first, and the
 * provider's own "open" step (its sync request with what the browser already holds) runs once the
 * server has answered the early request, so the server never sends the whole document twice.
 */
function adopt(url: string): WebSocket | null {
  const entry = early;
  if (!entry || entry.url !== url) return null;
  early = null;
  entry.detach();
  const { ws } = entry;
  if (ws.readyState === WebSocket.CLOSING || ws.readyState === WebSocket.CLOSED) return null;
  queueMicrotask(() => {
    const providerMessage = ws.onmessage;
    const providerOpen = ws.onopen;
    if (ws.readyState !== WebSocket.OPEN) return; // still connecting: the provider's own handlers do it all
    let openPending = entry.askedForDocument;
    const runOpen = (): void => {
      if (!openPending) return;
      openPending = false;
      clearTimeout(fallback);
      // From now on messages go straight to the provider again.
      if (ws.onmessage === relay) ws.onmessage = providerMessage;
      providerOpen?.call(ws, new Event('open'));
    };
    const fallback = setTimeout(runOpen, ANSWER_WAIT_MS);
    const relay = (event: MessageEvent): void => {
      providerMessage?.call(ws, event);
      if (isSyncStep2(event.data)) runOpen();
    };
    ws.onmessage = relay;
    for (const event of entry.buffer) relay(event);
    if (!entry.askedForDocument) providerOpen?.call(ws, new Event('open'));
  });
  return ws;
}

/**
 * What y-websocket constructs as its socket: the early socket when it was opened for this very address,
 * a new WebSocket otherwise (another document, a reconnect).
 */
export const AdoptingWebSocket = function AdoptingWebSocket(url: string | URL, protocols?: string | string[]) {
  // Called with `new`: a constructor that returns an object yields that object.
  return adopt(String(url)) ?? new WebSocket(url, protocols);
} as unknown as typeof WebSocket;

/** Closes an early socket no one adopted (tests, navigation away). */
export function dropEarlySocket(): void {
  const entry = early;
  early = null;
  entry?.detach();
  entry?.ws.close();
}
