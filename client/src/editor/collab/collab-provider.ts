import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as syncProtocol from 'y-protocols/sync';
import { messageSync, WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { CloseCode, closeCodeName, type CloseCodeName } from '@shared/collab/close-codes';
import { ConnectionLimits } from '@shared/limits';
import { AdoptingWebSocket, collabServerUrl } from './early-socket';
import { restrictToReading } from './read-only-sync';
import { whenIdle } from '../core/lazy';
import { emitter } from '../../lib/store';

/** How long the server's first document may wait for IndexedDB's first sync (ms, see applyFirstDocumentQuietly). */
const FIRST_SYNC_WAIT_MS = 250;

/** Delay of the unsynced-count notification while offline typing raises it (ms). */
const UNSYNCED_NOTIFY_MS = 250;

export type ConnectionStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'reconnecting'; closeCode?: CloseCodeName }
  | { kind: 'offline' }
  /** The socket never opened several times in a row (e.g. a proxy blocks upgrades). */
  | { kind: 'blocked' }
  /** The server refused the connection for good (bad link, deleted document…). */
  | { kind: 'refused'; closeCode: CloseCodeName };

export interface SessionState {
  status: ConnectionStatus;
  /** Local changes the server has not confirmed yet (made while not synced). */
  unsynced: number;
  /** The local IndexedDB copy is loaded. */
  localReady: boolean;
  synced: boolean;
  /**
   * The server refused what this browser sent for good, so its stored copy was deleted (it would replay the
   * refused change on every load); the document in memory stays shown for download.
   */
  localCopyDropped: boolean;
}

/** A listener of one custom message type (see CollabSession.onMessage): its payload after the type. */
export type MessageListener = (payload: decoding.Decoder) => void;

export interface SessionOptions {
  /** A viewer's session: it receives the document and sends awareness, never a document update. */
  readOnly?: boolean;
  /** Tests pass a fake socket. */
  WebSocketPolyfill?: typeof WebSocket;
}

/** Final refusals of what this browser itself sent: its stored copy would resend it forever. */
export const LOCAL_STATE_REFUSALS: ReadonlySet<CloseCodeName> = new Set<CloseCodeName>([
  'INVALID_UPDATE',
  'COUNTER_LIMIT',
  'MISSING_DEPENDENCIES',
]);

/** Whether a close code allows reconnecting: ours say so themselves, anything else is transient. */
export function shouldRetry(code: number): boolean {
  const name = closeCodeName(code);
  return name ? CloseCode[name].retry : true;
}

/** One open document: its Y.Doc, the offline copy in IndexedDB and the y-websocket provider. */
export class CollabSession {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  readonly local: IndexeddbPersistence;
  readonly readOnly: boolean;
  private state: SessionState = {
    status: { kind: 'connecting' },
    unsynced: 0,
    localReady: false,
    synced: false,
    localCopyDropped: false,
  };
  private readonly changed = emitter();
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  /** Where the unsynced count survives a reload while offline (the changes survive in IndexedDB). */
  private readonly unsyncedKey: string;
  private failedAttempts = 0;
  private everOpened = false;
  private readonly onOnline = (): void => {
    if (this.state.status.kind === 'refused') return;
    this.update({ status: { kind: 'connecting' } });
    this.provider.connect();
  };
  private readonly onOffline = (): void => {
    if (this.state.status.kind === 'refused') return;
    // The browser knows first; a socket into a dead network would swallow edits until it times out.
    this.provider.disconnect();
    this.update({ status: { kind: 'offline' }, synced: false });
  };

  constructor(
    readonly docId: string,
    token: string,
    options: SessionOptions = {},
  ) {
    this.readOnly = options.readOnly ?? false;
    this.unsyncedKey = `tandem.unsynced.${docId}`;
    // A viewer changes nothing; the count stored under this key is an editor link's, kept for it.
    if (!this.readOnly) this.state.unsynced = Number(localStorage.getItem(this.unsyncedKey)) || 0;
    this.local = new IndexeddbPersistence(`tandem-${docId}`, this.doc);
    void this.local.whenSynced.then(() => this.update({ localReady: true }));
    this.provider = new WebsocketProvider(collabServerUrl(), docId, this.doc, {
      params: { token },
      maxBackoffTime: ConnectionLimits.maxBackoffMs,
      // y-websocket stops on every 44xx code; ours say themselves whether a retry can help (4429, 4430).
      shouldReconnect: (event) => shouldRetry(event.code),
      // No BroadcastChannel between this browser's tabs: every tab talks to the server only. Over the channel
      // a viewer tab would take a whole state from an editor tab, and each tab's provider sends on the
      // presence states it received from the others, which the server refuses as another connection's (one
      // person's tabs then dropped each other's connections and avatars).
      disableBc: true,
      // The boot script may have opened this very socket already (early-socket.ts).
      WebSocketPolyfill: options.WebSocketPolyfill ?? AdoptingWebSocket,
    });
    if (this.readOnly) restrictToReading(this.provider, this.local);
    this.provider.on('status', ({ status }) => this.onStatus(status));
    this.provider.on('sync', (synced: boolean) => {
      if (synced) this.update({ synced: true, unsynced: 0 });
    });
    this.provider.on('connection-close', (event) => this.onClose(event?.code));
    this.doc.on('update', this.onDocUpdate);
    if (!this.readOnly) this.applyFirstDocumentQuietly();
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (!navigator.onLine) this.onOffline();
  }

  private readonly onDocUpdate = (_update: Uint8Array, origin: unknown): void => {
    const fromServer = origin === this.provider;
    const fromLocalStore = origin === this.local;
    if (fromServer || fromLocalStore || this.readOnly) return;
    // This browser's copy must hold the server's document before it stores an edit made on top of it.
    this.storeWholeState?.();
    const live = this.state.status.kind === 'connected' && this.provider.wsconnected && this.provider.synced;
    if (!live) this.update({ unsynced: this.state.unsynced + 1 });
  };

  /** Stores the whole document in IndexedDB once, if the first document from the server is not there yet. */
  private storeWholeState: (() => void) | null = null;

  /**
   * Yjs encodes every transaction's update for the 'update' listeners, which for the whole document that
   * the server sends into an empty Y.Doc costs about a third of applying it; none of our listeners needs
   * that update (the provider and this session ignore the server's own changes). So the first sync step 2
   * into an empty document is applied without them, and IndexedDB gets the whole state afterwards, once the
   * author pauses (`whenIdle`) or before the first local edit is stored, whichever comes first.
   * IndexedDB's own first sync also writes the whole Y.Doc: when the server answers before that sync, the
   * answer waits for it (at most FIRST_SYNC_WAIT_MS), so that write is of a document still empty.
   */
  private applyFirstDocumentQuietly(): void {
    const handlers = this.provider.messageHandlers;
    const handle = handlers[messageSync];
    if (!handle) return;
    handlers[messageSync] = (encoder, decoder, provider, emitSynced, messageType) => {
      const step2 = decoding.peekVarUint(decoder) === syncProtocol.messageYjsSyncStep2;
      if (!step2) return handle(encoder, decoder, provider, emitSynced, messageType);
      handlers[messageSync] = handle;
      if (this.doc.store.clients.size > 0) return handle(encoder, decoder, provider, emitSynced, messageType);
      const applyQuietly = (): void => {
        const listeners = [this.provider._updateHandler, this.local._storeUpdate, this.onDocUpdate];
        const quiet = (on: boolean): void => {
          for (const listener of listeners) {
            if (on) this.doc.off('update', listener);
            else this.doc.on('update', listener);
          }
        };
        // Yjs decides whether to encode a transaction right after this event. Only the server's own
        // transaction goes unencoded: a change an observer makes while it is applied (the editor's repair
        // of content it cannot build) must still reach the server and IndexedDB.
        const perTransaction = (tr: Y.Transaction): void => quiet(tr.origin === this.provider);
        quiet(true);
        this.doc.on('afterTransactionCleanup', perTransaction);
        try {
          handle(encoder, decoder, provider, emitSynced, messageType);
        } finally {
          this.doc.off('afterTransactionCleanup', perTransaction);
          quiet(false);
        }
        this.storeWholeStateSoon();
      };
      if (this.local.synced) {
        applyQuietly();
        return;
      }
      // A step 2 never needs an answer, so it may run later, from its own copy of the bytes.
      const bytes = decoder.arr.slice(decoder.pos);
      let pending = true;
      const later = (): void => {
        if (!pending || this.doc.isDestroyed) return;
        pending = false;
        clearTimeout(timer);
        decoder = decoding.createDecoder(bytes);
        encoder = encoding.createEncoder();
        if (this.doc.store.clients.size > 0) handle(encoder, decoder, provider, emitSynced, messageType);
        else applyQuietly();
      };
      const timer = setTimeout(later, FIRST_SYNC_WAIT_MS);
      void this.local.whenSynced.then(later);
    };
  }

  private cancelWholeState: () => void = () => undefined;

  private storeWholeStateSoon(): void {
    let cancelIdle = (): void => undefined;
    this.cancelWholeState = () => {
      this.storeWholeState = null;
      cancelIdle();
    };
    this.storeWholeState = () => {
      this.cancelWholeState();
      // Before IndexedDB has opened there is nothing to do: its first sync stores the whole state itself.
      this.local._storeUpdate(Y.encodeStateAsUpdate(this.doc), this.provider);
    };
    // Not in the browser's first idle moment, which comes while the page is still being built. (whenIdle
    // may call back at once, so the store is set up first.)
    cancelIdle = whenIdle(() => this.storeWholeState?.());
  }

  getState = (): SessionState => this.state;

  /** Listeners of the server's own message types (beyond y-protocols'), by type. */
  private readonly messageListeners = new Map<number, Set<MessageListener>>();

  /**
   * Calls `listener` with each message of the y-websocket message type `type` the server sends (a custom
   * type such as the comments frame, never one of y-protocols' 0–3), its decoder placed after the type;
   * returns the unsubscribe function. The kernel knows no feature: capabilities hook in here. A listener
   * that throws is logged and the others still run; nothing is answered.
   */
  onMessage(type: number, listener: MessageListener): () => void {
    if (type < 4) throw new Error(`collab: message type ${String(type)} is y-protocols' own`);
    let listeners = this.messageListeners.get(type);
    if (!listeners) {
      const own = new Set<MessageListener>();
      listeners = own;
      this.messageListeners.set(type, own);
      this.provider.messageHandlers[type] = (_encoder, decoder) => {
        const bytes = decoder.arr.subarray(decoder.pos);
        for (const each of [...own]) {
          try {
            each(decoding.createDecoder(bytes));
          } catch (error) {
            console.error(`[tandem] message type ${String(type)}: a listener failed`, error);
          }
        }
      };
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /** Tries again now instead of after the backoff (the Retry button); a final refusal stays final. */
  retry(): void {
    if (this.state.status.kind === 'refused') return;
    this.failedAttempts = 0;
    this.update({ status: { kind: 'connecting' } });
    this.provider.disconnect();
    this.provider.connect();
  }

  subscribe = this.changed.on;

  destroy(): void {
    this.cancelWholeState();
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.provider.destroy();
    void this.local.destroy();
    this.doc.destroy();
    this.changed.clear();
    // A count still waiting for its notification must survive the reload.
    if (this.notifyTimer !== undefined) this.storeCount();
    clearTimeout(this.notifyTimer);
  }

  private onStatus(status: 'connected' | 'disconnected' | 'connecting'): void {
    if (status === 'connected') {
      this.failedAttempts = 0;
      this.everOpened = true;
      this.update({ status: { kind: 'connected' } });
    } else if (status === 'disconnected') {
      this.renewPresence();
      if (this.state.status.kind === 'connected') this.update({ status: { kind: 'reconnecting' }, synced: false });
    }
  }

  /**
   * Gives this client's presence a newer clock once its connection is gone. The server and the other
   * clients forget the state of a closed connection but keep its clock, and y-protocols ignores a state
   * that is not newer; y-websocket sends the local state again when the socket opens, with the clock it
   * had, so the caret would only come back with the 15 s renewal. Nothing is sent while disconnected, so
   * the provider's one send on open carries the new clock (the first connection is not touched).
   */
  private renewPresence(): void {
    const { awareness } = this.provider;
    const state = awareness.getLocalState();
    if (state !== null) awareness.setLocalState(state);
  }

  private onClose(code: number | undefined): void {
    // No event: we closed the socket ourselves (disconnect, offline); the state is already set.
    if (code === undefined || this.state.status.kind === 'refused') return;
    const name = closeCodeName(code);
    if (name && !shouldRetry(code)) {
      // The server said no for good: explain why, and make sure nothing reconnects.
      this.update({ status: { kind: 'refused', closeCode: name }, synced: false });
      this.provider.disconnect();
      // A viewer's stored copy is the editor link's too (same database), and a viewer never sends anything.
      if (!this.readOnly && LOCAL_STATE_REFUSALS.has(name)) void this.dropLocalCopy();
      return;
    }
    if (!navigator.onLine) {
      this.update({ status: { kind: 'offline' }, synced: false });
      return;
    }
    // Several attempts that never opened, and never once connected: something blocks the upgrade itself.
    if (!this.provider.wsconnected) this.failedAttempts++;
    if (!this.everOpened && this.failedAttempts >= ConnectionLimits.failedAttemptsBeforeBlocked) {
      this.update({ status: { kind: 'blocked' }, synced: false });
      return;
    }
    this.update({ status: { kind: 'reconnecting', closeCode: name }, synced: false });
  }

  /** Deletes the IndexedDB copy and the unsynced count, so a reload starts from the server's document. */
  private async dropLocalCopy(): Promise<void> {
    try {
      await this.local.clearData();
    } catch {
      // No IndexedDB left to clear: nothing can be replayed from it either.
    }
    this.update({ unsynced: 0, localCopyDropped: true });
  }

  private update(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    // Offline, every keystroke raises the count: tell the UI (a React commit) and the store a little later.
    const onlyCount = Object.keys(patch).length === 1 && patch.unsynced !== undefined && patch.unsynced > 0;
    if (onlyCount) {
      this.notifyTimer ??= setTimeout(() => this.notify(), UNSYNCED_NOTIFY_MS);
      return;
    }
    this.notify();
  }

  private notify(): void {
    clearTimeout(this.notifyTimer);
    this.notifyTimer = undefined;
    this.storeCount();
    this.changed.emit();
  }

  private storeCount(): void {
    if (this.readOnly) return;
    if (this.state.unsynced === 0) localStorage.removeItem(this.unsyncedKey);
    else localStorage.setItem(this.unsyncedKey, String(this.state.unsynced));
  }
}
