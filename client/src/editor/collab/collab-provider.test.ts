import 'fake-indexeddb/auto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import { applyAwarenessUpdate, Awareness, removeAwarenessStates } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { ConnectionLimits } from '@shared/limits';
import { CollabSession, shouldRetry } from './collab-provider';

type Script = (socket: FakeSocket) => void;

/** A socket that plays a script instead of talking to a server. */
class FakeSocket {
  static script: Script = () => undefined;
  static created = 0;
  static last: FakeSocket | null = null;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: Uint8Array[] = [];

  constructor() {
    FakeSocket.created++;
    FakeSocket.last = this;
    setTimeout(() => FakeSocket.script(this), 0);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }

  /** A message from the server, e.g. `serverSend(sync, step1)`. */
  serverSend(write: (encoder: encoding.Encoder) => void): void {
    const encoder = encoding.createEncoder();
    write(encoder);
    const bytes = encoding.toUint8Array(encoder);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  }

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let session: CollabSession | undefined;

function open(script: Script, readOnly = false): CollabSession {
  FakeSocket.script = script;
  FakeSocket.created = 0;
  session = new CollabSession('doc-1', readOnly ? 'v1.doc-1.v.sig' : 'v1.doc-1.e.sig', {
    WebSocketPolyfill: FakeSocket as unknown as typeof WebSocket,
    readOnly,
  });
  return session;
}

describe('CollabSession connection states', () => {
  afterEach(() => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
  });

  it('retries only the close codes that say a retry can help', () => {
    expect(shouldRetry(CloseCode.UNAUTHORIZED.code)).toBe(false);
    expect(shouldRetry(CloseCode.DOC_DELETED.code)).toBe(false);
    expect(shouldRetry(CloseCode.RATE_LIMITED.code)).toBe(true);
    expect(shouldRetry(CloseCode.TOO_MANY_CONNECTIONS.code)).toBe(true);
    expect(shouldRetry(1006)).toBe(true);
  });

  it('stops reconnecting after a final refusal and names it', async () => {
    const s = open((ws) => {
      ws.open();
      ws.serverClose(CloseCode.UNAUTHORIZED.code);
    });
    await sleep(700);
    expect(s.getState().status).toEqual({ kind: 'refused', closeCode: 'UNAUTHORIZED' });
    expect(s.provider.shouldConnect).toBe(false);
    expect(FakeSocket.created).toBe(1);
  });

  it('keeps reconnecting after a rate-limit close, although it is in the 44xx range', async () => {
    const s = open((ws) => {
      ws.open();
      ws.serverClose(CloseCode.RATE_LIMITED.code);
    });
    await sleep(700);
    expect(s.getState().status.kind).toBe('reconnecting');
    expect(FakeSocket.created).toBeGreaterThan(1);
  });

  it('sends its presence with a newer clock after a reconnect (a server that dropped it takes it again)', async () => {
    const sockets: FakeSocket[] = [];
    const s = open((ws) => {
      sockets.push(ws);
      ws.open();
      // The first connection is lost once; the second stays.
      if (sockets.length === 1) setTimeout(() => ws.serverClose(1006), 20);
    });
    s.provider.awareness.setLocalState({ user: { name: 'Ada', color: '#ff0000' } });
    await vi.waitFor(() => expect(sockets.length).toBe(2), { timeout: 5_000 });
    const clocks = (ws: FakeSocket): number[] =>
      ws.sent.flatMap((message) => {
        const d = decoding.createDecoder(message);
        if (decoding.readVarUint(d) !== 1) return [];
        const update = decoding.createDecoder(decoding.readVarUint8Array(d));
        const count = decoding.readVarUint(update);
        const found: number[] = [];
        for (let i = 0; i < count; i++) {
          const client = decoding.readVarUint(update);
          const clock = decoding.readVarUint(update);
          decoding.readVarString(update);
          if (client === s.provider.awareness.clientID) found.push(clock);
        }
        return found;
      });
    const [first, second] = sockets as [FakeSocket, FakeSocket];
    await vi.waitFor(() => expect(clocks(second).length).toBeGreaterThan(0));
    expect(Math.max(...clocks(second))).toBeGreaterThan(Math.max(...clocks(first)));
    // And the newer clock is what goes first on the new connection, before any state the server would
    // take for an echo.
    expect(clocks(second)[0]).toBeGreaterThan(Math.max(...clocks(first)));
  });

  it('reports a blocked connection after attempts that never opened', async () => {
    const s = open((ws) => ws.serverClose(1006));
    await sleep(900);
    expect(FakeSocket.created).toBeGreaterThanOrEqual(ConnectionLimits.failedAttemptsBeforeBlocked);
    expect(s.getState().status.kind).toBe('blocked');
  });

  it('drops the stored copy after the server refuses what this browser sent, and keeps the document shown', async () => {
    const s = open((ws) => ws.open());
    await s.local.whenSynced;
    s.doc.getXmlFragment('default').insert(0, [new Y.XmlElement('paragraph')]);
    await vi.waitFor(() => expect(FakeSocket.last?.readyState).toBe(1));
    FakeSocket.last?.serverClose(CloseCode.INVALID_UPDATE.code);
    await vi.waitFor(() => expect(s.getState().localCopyDropped).toBe(true));
    expect(s.getState().status).toEqual({ kind: 'refused', closeCode: 'INVALID_UPDATE' });
    expect(s.provider.shouldConnect).toBe(false);
    // Still shown (and offered for download), but a reload starts from the server's document.
    expect(s.doc.getXmlFragment('default').length).toBe(1);
    expect(localStorage.getItem('tandem.unsynced.doc-1')).toBeNull();
    const reloaded = new Y.Doc();
    const stored = new IndexeddbPersistence('tandem-doc-1', reloaded);
    await stored.whenSynced;
    expect(reloaded.getXmlFragment('default').length).toBe(0);
    await stored.destroy();
  });

  it('counts local changes made while not connected', async () => {
    const s = open(() => undefined);
    await s.local.whenSynced;
    s.doc.getMap('meta').set('title', 'a');
    s.doc.getMap('meta').set('title', 'b');
    expect(s.getState().unsynced).toBe(2);
    expect(s.getState().localReady).toBe(true);
    s.destroy();
    // A reload while still offline keeps showing them.
    expect(open(() => undefined).getState().unsynced).toBe(2);
  });
});

const MESSAGE_SYNC = 0;

/** The sync sub-types (step 1, step 2, update) of the sync messages a socket sent. */
function sentSyncTypes(socket: FakeSocket): number[] {
  return socket.sent.flatMap((message) => {
    const decoder = decoding.createDecoder(message);
    return decoding.readVarUint(decoder) === MESSAGE_SYNC ? [decoding.readVarUint(decoder)] : [];
  });
}

/** What the server holds: one paragraph. */
function serverState(): Y.Doc {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('from the server')]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  return doc;
}

/** Opens a session against a server holding serverState(): it greets with step 1 and answers with step 2. */
async function openSynced(readOnly: boolean): Promise<{ s: CollabSession; socket: FakeSocket; server: Y.Doc }> {
  const server = serverState();
  const s = open((ws) => ws.open(), readOnly);
  await s.local.whenSynced;
  const socket = await vi.waitFor(() => {
    const ws = FakeSocket.last;
    if (ws?.readyState !== 1) throw new Error('not open yet');
    return ws;
  });
  socket.serverSend((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(e, server);
  });
  socket.serverSend((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep2(e, server);
  });
  expect(s.doc.getXmlFragment('default').toString()).toContain('from the server');
  expect(s.provider.synced).toBe(true);
  return { s, socket, server };
}

describe('CollabSession for a viewer', () => {
  afterEach(async () => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('tandem-doc-1');
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  });

  it('answers the server with nothing but its own step 1, even with local changes', async () => {
    const { s, socket, server } = await openSynced(true);
    // What y-tiptap does to an element it cannot build, and a stray local write.
    s.doc.getXmlFragment('default').delete(0, 1);
    s.doc.getMap('meta').set('title', 'local');
    // The server asks again (as after a reconnect): a viewer has nothing to give.
    socket.serverSend((e) => {
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeSyncStep1(e, server);
    });
    expect(sentSyncTypes(socket)).toEqual([syncProtocol.messageYjsSyncStep1]);
    expect(s.getState().unsynced).toBe(0);
  });

  it('still applies what the server sends after the first sync', async () => {
    const { s, socket, server } = await openSynced(true);
    const before = Y.encodeStateVector(server);
    (server.getXmlFragment('default').get(0) as Y.XmlElement).insert(0, [new Y.XmlText('more ')]);
    socket.serverSend((e) => {
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeUpdate(e, Y.encodeStateAsUpdate(server, before));
    });
    expect(s.doc.getXmlFragment('default').toString()).toContain('more ');
  });

  it('keeps only what the server sent in the offline copy', async () => {
    const { s } = await openSynced(true);
    s.doc.getXmlFragment('default').delete(0, 1);
    s.destroy();
    session = undefined;
    const reloaded = new Y.Doc();
    const stored = new IndexeddbPersistence('tandem-doc-1', reloaded);
    await stored.whenSynced;
    expect(reloaded.getXmlFragment('default').toString()).toContain('from the server');
    await stored.destroy();
  });

  it('as an editor, by contrast, answers step 1 and sends its changes', async () => {
    const { s, socket, server } = await openSynced(false);
    s.doc.getMap('meta').set('title', 'typed');
    socket.serverSend((e) => {
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeSyncStep1(e, server);
    });
    expect(sentSyncTypes(socket)).toEqual([
      syncProtocol.messageYjsSyncStep1,
      syncProtocol.messageYjsSyncStep2,
      syncProtocol.messageYjsUpdate,
      syncProtocol.messageYjsSyncStep2,
    ]);
  });
});

describe('CollabSession applying the first document', () => {
  afterEach(async () => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('tandem-doc-1');
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  });

  async function reloadedCopy(): Promise<string> {
    const reloaded = new Y.Doc();
    const stored = new IndexeddbPersistence('tandem-doc-1', reloaded);
    await stored.whenSynced;
    const text = reloaded.getXmlFragment('default').toString();
    await stored.destroy();
    return text;
  }

  it('applies the server’s first document without encoding it for the update listeners', async () => {
    const encoded = vi.spyOn(Y.Doc.prototype, 'emit');
    const { s } = await openSynced(false);
    const updates = encoded.mock.calls.filter(([name]) => name === 'update');
    encoded.mockRestore();
    expect(updates).toHaveLength(0);
    expect(s.doc.getXmlFragment('default').toString()).toContain('from the server');
  });

  it('stores the whole document in IndexedDB before the first local edit, so an offline reload shows both', async () => {
    const { s } = await openSynced(false);
    const paragraph = s.doc.getXmlFragment('default').get(0) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert(0, 'typed ');
    s.destroy();
    session = undefined;
    // The stores are queued on IndexedDB before destroy closes it.
    await vi.waitFor(async () => expect(await reloadedCopy()).toContain('typed from the server'));
  });

  it('stores the whole document when the browser is idle, without any edit', async () => {
    const { s } = await openSynced(false);
    await vi.waitFor(async () => expect(await reloadedCopy()).toContain('from the server'), { timeout: 3000 });
    expect(s.doc.getXmlFragment('default').toString()).toContain('from the server');
  });

  it('keeps encoding updates after the first document (a later edit reaches the listeners)', async () => {
    const { s } = await openSynced(false);
    const seen: Uint8Array[] = [];
    s.doc.on('update', (update: Uint8Array) => seen.push(update));
    s.doc.getMap('meta').set('title', 'later');
    expect(seen).toHaveLength(1);
  });

  it('lets IndexedDB finish its first sync before the server’s document goes in, when the server is faster', async () => {
    const server = serverState();
    const encoded = vi.spyOn(Y.Doc.prototype, 'emit');
    const s = open((ws) => {
      ws.open();
      // The answer arrives before IndexedDB has opened.
      ws.serverSend((e) => {
        encoding.writeVarUint(e, MESSAGE_SYNC);
        syncProtocol.writeSyncStep2(e, server);
      });
    });
    expect(s.local.synced).toBe(false);
    let idbSyncedFirst: boolean | null = null;
    s.doc.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.origin === s.provider && idbSyncedFirst === null) idbSyncedFirst = s.local.synced;
    });
    await vi.waitFor(() => expect(s.doc.getXmlFragment('default').toString()).toContain('from the server'));
    expect(idbSyncedFirst).toBe(true);
    expect(s.provider.synced).toBe(true);
    expect(encoded.mock.calls.filter(([name]) => name === 'update')).toHaveLength(0);
    encoded.mockRestore();
    // The offline copy still gets the whole document.
    await vi.waitFor(async () => expect(await reloadedCopy()).toContain('from the server'), { timeout: 3000 });
  });

  it('still sends what an observer changes while the server’s first document goes in (the editor’s repair)', async () => {
    const server = serverState();
    const s = open((ws) => ws.open());
    await s.local.whenSynced;
    const socket = await vi.waitFor(() => {
      const ws = FakeSocket.last;
      if (ws?.readyState !== 1) throw new Error('not open yet');
      return ws;
    });
    let repaired = false;
    s.doc.getXmlFragment('default').observeDeep(() => {
      if (repaired) return;
      repaired = true;
      s.doc.getMap('meta').set('repaired', true);
    });
    socket.serverSend((e) => {
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeSyncStep2(e, server);
    });
    expect(repaired).toBe(true);
    expect(sentSyncTypes(socket)).toContain(syncProtocol.messageYjsUpdate);
    // And the offline copy holds it too.
    s.destroy();
    session = undefined;
    const reloaded = new Y.Doc();
    const stored = new IndexeddbPersistence('tandem-doc-1', reloaded);
    await stored.whenSynced;
    expect(reloaded.getMap('meta').get('repaired')).toBe(true);
    await stored.destroy();
  });
});

const MESSAGE_AWARENESS = 1;

/** The awareness updates a socket sent (each still encoded for `applyAwarenessUpdate`). */
function sentAwareness(socket: FakeSocket): Uint8Array[] {
  return socket.sent.flatMap((message) => {
    const decoder = decoding.createDecoder(message);
    return decoding.readVarUint(decoder) === MESSAGE_AWARENESS ? [decoding.readVarUint8Array(decoder)] : [];
  });
}

/** The clock an awareness update gives `clientId`. */
function clockOf(update: Uint8Array, clientId: number): number | undefined {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  for (let i = 0; i < count; i++) {
    const id = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    decoding.readVarString(decoder);
    if (id === clientId) return clock;
  }
  return undefined;
}

describe('CollabSession presence after a reconnect', () => {
  afterEach(() => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
  });

  async function openSocket(previous: FakeSocket | null): Promise<FakeSocket> {
    return vi.waitFor(() => {
      const ws = FakeSocket.last;
      if (!ws || ws === previous || ws.readyState !== 1) throw new Error('no new open socket yet');
      return ws;
    });
  }

  it('sends its presence once per connection, with a clock the peers that forgot it accept', async () => {
    const s = open((ws) => ws.open());
    s.provider.awareness.setLocalStateField('user', { name: 'Ada', color: '#336699' });
    const clientId = s.doc.clientID;
    const first = await openSocket(null);
    const sentFirst = sentAwareness(first);
    expect(sentFirst).toHaveLength(1);
    const greeting = sentFirst[0];
    if (!greeting) throw new Error('no presence sent');

    // What the server and every other client do: they hold the state, then drop it when the socket closes.
    const peer = new Awareness(new Y.Doc());
    applyAwarenessUpdate(peer, greeting, 'server');
    expect(peer.getStates().has(clientId)).toBe(true);
    first.serverClose(1006);
    removeAwarenessStates(peer, [clientId], 'closed');

    const second = await openSocket(first);
    const resent = sentAwareness(second);
    expect(resent).toHaveLength(1);
    const again = resent[0];
    if (!again) throw new Error('no presence sent again');
    expect(clockOf(again, clientId)).toBeGreaterThan(clockOf(greeting, clientId) ?? Infinity);
    applyAwarenessUpdate(peer, again, 'server');
    expect(peer.getStates().get(clientId)).toEqual({ user: { name: 'Ada', color: '#336699' } });
    peer.destroy();
  });
});

describe('CollabSession custom message types', () => {
  afterEach(() => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
  });

  it('hands the payload of a custom type to each listener, a failing one not stopping the others', async () => {
    const s = open((ws) => ws.open());
    const got: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    s.onMessage(100, () => {
      throw new Error('listener bug');
    });
    const off = s.onMessage(100, (payload) => got.push(decoding.readVarString(payload)));
    s.onMessage(100, (payload) => got.push(`again ${decoding.readVarString(payload)}`));
    expect(() => s.onMessage(1, () => undefined)).toThrow();
    await sleep(5);
    const ws = FakeSocket.last;
    if (!ws) throw new Error('no socket');
    ws.serverSend((e) => {
      encoding.writeVarUint(e, 100);
      encoding.writeVarString(e, '{"threadId":"t"}');
    });
    expect(got).toEqual(['{"threadId":"t"}', 'again {"threadId":"t"}']);
    expect(error).toHaveBeenCalledTimes(1);
    off();
    ws.serverSend((e) => {
      encoding.writeVarUint(e, 100);
      encoding.writeVarString(e, 'x');
    });
    expect(got).toEqual(['{"threadId":"t"}', 'again {"threadId":"t"}', 'again x']);
    // The socket is still the same one: an unknown message never closes it.
    expect(FakeSocket.created).toBe(1);
  });
});
