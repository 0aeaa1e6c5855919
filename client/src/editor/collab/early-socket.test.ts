import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { CollabSession } from './collab-provider';
import { AdoptingWebSocket, collabSocketUrl, dropEarlySocket, openEarlySocket } from './early-socket';

/** A browser socket whose server side the test plays (happy-dom's dispatchEvent also calls the `on…` handler). */
class ScriptedSocket extends EventTarget {
  static all: ScriptedSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: Uint8Array[] = [];

  constructor(readonly url: string) {
    super();
    ScriptedSocket.all.push(this);
  }

  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }

  receive(bytes: Uint8Array): void {
    this.dispatchEvent(new MessageEvent('message', { data: bytes.slice().buffer }));
  }

  send(data: Uint8Array): void {
    this.sent.push(new Uint8Array(data));
  }

  close(): void {
    this.readyState = 3;
  }
}

const DOC = 'early-doc';
const TOKEN = 'v1.early-doc.e.sig';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The server's answer to a sync request: sync step 2 with everything `doc` holds. */
function step2Of(doc: Y.Doc, stateVector = new Uint8Array([0])): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  return encoding.toUint8Array(encoder);
}

/** The sync message type of a frame the client sent (0 step 1, 1 step 2, 2 update), or null for awareness. */
function syncType(frame: Uint8Array): number | null {
  const decoder = decoding.createDecoder(frame);
  return decoding.readVarUint(decoder) === 0 ? decoding.readVarUint(decoder) : null;
}

/** What the page's requests get: a JSON answer naming the request. */
const fetchStub = vi.fn((path: string) => Promise.resolve(new Response(JSON.stringify({ path }))));

describe('the early socket', () => {
  let session: CollabSession | null = null;

  beforeEach(() => {
    ScriptedSocket.all = [];
    vi.stubGlobal('WebSocket', ScriptedSocket);
    vi.stubGlobal('fetch', fetchStub);
    // Each test starts without this browser's copy of the document: a copy stored by an earlier test (its write
    // may land late on a busy machine) would be merged into the next one's.
    vi.stubGlobal('indexedDB', new IDBFactory());
    window.history.replaceState(null, '', `/d/${DOC}#token=${TOKEN}`);
  });

  afterEach(() => {
    session?.destroy();
    session = null;
    dropEarlySocket();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('also starts the requests the app makes first, and the app takes their answers instead of asking again', async () => {
    fetchStub.mockClear();
    openEarlySocket();
    expect(fetchStub.mock.calls.map(([path]) => path)).toEqual(['/api/config', `/api/documents/${DOC}`]);
    const { api } = await import('../../lib/api-client');
    expect(await api.config()).toEqual({ path: '/api/config' });
    expect(await api.getDocument(DOC, TOKEN)).toEqual({ path: `/api/documents/${DOC}` });
    expect(fetchStub).toHaveBeenCalledTimes(2);
    // Taken once: the next call asks the server again.
    await api.config();
    expect(fetchStub).toHaveBeenCalledTimes(3);
  });

  it('asks for the whole document as soon as it opens, and keeps the answer for the provider', async () => {
    openEarlySocket();
    expect(ScriptedSocket.all).toHaveLength(1);
    const [socket] = ScriptedSocket.all;
    expect(socket?.url).toBe(`${collabSocketUrl(DOC, TOKEN)}&start=empty`);
    socket?.open();
    expect(socket?.sent).toEqual([new Uint8Array([0, 0, 1, 0])]);

    const server = new Y.Doc();
    server.getText('t').insert(0, 'from the server');
    socket?.receive(step2Of(server));

    session = new CollabSession(DOC, TOKEN);
    expect(ScriptedSocket.all).toHaveLength(1); // adopted, not a second socket
    // The answer goes in once this browser's IndexedDB copy has opened (collab-provider.ts).
    const current = session;
    await vi.waitFor(() => expect(current.doc.getText('t').toString()).toBe('from the server'));
    expect(session.provider.wsconnected).toBe(true);
    // The provider's own request comes only after the answer (the server leaves out what it already sent
    // on this socket, see the collab-cold-open integration test).
    const requests = socket?.sent.filter((frame) => syncType(frame) === 0) ?? [];
    expect(requests).toHaveLength(2);
  });

  it('lets the provider send its request only once the answer to the early one has arrived', async () => {
    openEarlySocket();
    const socket = ScriptedSocket.all[0] as ScriptedSocket;
    socket.open();
    session = new CollabSession(DOC, TOKEN);
    await flush();
    expect(socket.sent.filter((frame) => syncType(frame) === 0)).toHaveLength(1);
    expect(session.provider.wsconnected).toBe(false);

    const server = new Y.Doc();
    server.getText('t').insert(0, 'late answer');
    socket.receive(step2Of(server));
    const current = session;
    await vi.waitFor(() => expect(current.doc.getText('t').toString()).toBe('late answer'));
    expect(session.provider.wsconnected).toBe(true);
    expect(socket.sent.filter((frame) => syncType(frame) === 0)).toHaveLength(2);
  });

  it('leaves a socket that is still connecting to the provider, which asks once it opens', async () => {
    openEarlySocket();
    session = new CollabSession(DOC, TOKEN);
    await flush();
    const socket = ScriptedSocket.all[0] as ScriptedSocket;
    expect(ScriptedSocket.all).toHaveLength(1);
    socket.open();
    expect(socket.sent.filter((frame) => syncType(frame) === 0)).toHaveLength(1);
    expect(session.provider.wsconnected).toBe(true);
  });

  it('is not used for another document, and a closed one is replaced', async () => {
    openEarlySocket();
    const early = ScriptedSocket.all[0] as ScriptedSocket;
    session = new CollabSession('other-doc', TOKEN);
    expect(ScriptedSocket.all).toHaveLength(2);
    session.destroy();

    early.close();
    session = new CollabSession(DOC, TOKEN);
    expect(ScriptedSocket.all).toHaveLength(3);
    expect(new AdoptingWebSocket(collabSocketUrl(DOC, TOKEN))).not.toBe(early);
  });

  it('opens nothing without a document route or a token', () => {
    window.history.replaceState(null, '', '/');
    openEarlySocket();
    window.history.replaceState(null, '', '/d/no-token-here');
    openEarlySocket();
    expect(ScriptedSocket.all).toHaveLength(0);
  });
});
