import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import type { AccessRole } from '../../infra/security/access';

/*
 * What other plugins see of the collaboration core (`app.collab`). They import this file only, never a file
 * of plugins/collab: the rooms, connections and the committer stay private to the core.
 */

/** A client connection of an open document, as hooks see it. */
export interface CollabConnection {
  readonly role: AccessRole;
  /** Awareness client ids this connection controls. */
  readonly awarenessIds: ReadonlySet<number>;
}

/** One open document: read what it holds and change its Y.Doc; its room stays the core's. */
export interface OpenDocument {
  readonly docId: string;
  /** Changes to it are stored and broadcast like a client's. */
  readonly doc: Y.Doc;
  /** Presence of the connected clients (read only: the core decides who controls which state). */
  readonly awareness: Awareness;
  /** The connections now on the document. */
  readonly connections: ReadonlySet<CollabConnection>;
  /** Whether this is still the open document of its id (false once it unloads or was dropped). */
  readonly isOpen: boolean;
}

export interface DocumentPayload {
  readonly docId: string;
  readonly document: OpenDocument;
}

export interface ChangePayload extends DocumentPayload {
  /** The update as stored (one merged update per commit). */
  readonly update: Uint8Array;
  /** The connections whose edits it holds (none for the server's own changes). */
  readonly origins: readonly CollabConnection[];
}

export interface StorePayload extends DocumentPayload {
  /** Size of the single state the store now holds for the document. */
  readonly bytes: number;
}

export interface AwarenessPayload extends DocumentPayload {
  readonly added: readonly number[];
  readonly updated: readonly number[];
  readonly removed: readonly number[];
}

export interface ConnectionPayload extends DocumentPayload {
  readonly connection: CollabConnection;
}

/** Each hook's one payload (the shape of Hocuspocus's `Extension`). */
export interface HookPayloads {
  /** After a document was loaded from the store (its Y.Doc is complete); the load waits for it. */
  onLoad: DocumentPayload;
  /** After an update was durably stored, before it is broadcast; nothing waits for it. */
  onChange: ChangePayload;
  /** After the document's stored rows were rewritten as one state (a compaction); nothing waits for it. */
  onStore: StorePayload;
  /** After presence states were added, updated or removed; nothing waits for it. */
  onAwareness: AwarenessPayload;
  /** After a connection joined an open document (and was greeted); nothing waits for it. */
  onConnect: ConnectionPayload;
  /** After a connection left an open document (it is no longer in `connections`); nothing waits for it. */
  onDisconnect: ConnectionPayload;
  /** Before a document leaves memory, after its last store; the unload waits for it. */
  onUnload: DocumentPayload;
}

export type HookName = keyof HookPayloads;

/**
 * Hooks a plugin registers on the core. Each runs isolated: one that throws or rejects is logged with
 * `name` and the hook's name, and the core goes on (a hook never stops a commit, a broadcast or a load).
 */
export type CollabHooks = { readonly name: string } & HookFunctions;

export type HookFunctions = { readonly [K in HookName]?: (payload: HookPayloads[K]) => void | Promise<void> };

export interface CollabStats {
  documents: number;
  connections: number;
}

/** A WebSocket close code and reason (`@shared/collab/close-codes`). */
export interface CloseReason {
  code: number;
  reason: string;
}

/**
 * What the core reports for operators' figures (a metrics plugin counts it). Called on the hot path: keep
 * each call cheap; one that throws is ignored.
 */
export interface CollabMeter {
  /** One group commit was stored: how long the store took, for how many documents and bytes. */
  committed?(seconds: number, documents: number, bytes: number): void;
  /** The server closed a client's connection with this close code (refused input, a limit). */
  refused?(code: number): void;
  /** An update relayed from another instance was applied, `seconds` after it was published. */
  relayed?(seconds: number): void;
  /** A room read `rows` rows from the store to fill a gap in what the bus delivered. */
  backfilled?(rows: number): void;
}

/** The collaboration core, decorated as `app.collab`. */
export interface CollabCore {
  /**
   * Runs `fn` on the document (loading it when it is not open); resolves once the changes `fn` made are
   * stored, and they are broadcast like a client's.
   */
  withDocument<T>(docId: string, fn: (doc: Y.Doc, document: OpenDocument) => T): Promise<T>;
  /** Closes every connection of the document with `close` and unloads it. */
  closeDocument(docId: string, close: CloseReason): Promise<void>;
  /** Whether the document is open in this process (loaded, not unloading). */
  isOpen(docId: string): boolean;
  /**
   * Sends a server message (a y-websocket message of a type the server alone sends, e.g. a comments frame)
   * to every connection of the document, on this instance and, through the bus, on the others. Nothing
   * happens where the document is not open; nothing is stored.
   */
  sendToDocument(docId: string, message: Uint8Array): void;
  stats(): CollabStats;
  /** Registers hooks; they run for every document from then on. */
  addHooks(hooks: CollabHooks): void;
  /** Registers a meter; it hears of every commit and refusal from then on. */
  addMeter(meter: CollabMeter): void;
}

/**
 * Counts each document's connections for its cap (`maxConnectionsPerDocument`). The core's default counts
 * the connections of this process's room; with several instances (plugins/redis-bus) the count covers all
 * of them.
 */
export interface ConnectionCounter {
  /**
   * Whether one more connection of `docId` fits under `max` (`local`: the connections this process's room
   * holds now). A connection admitted here is `release`d once when it leaves. Answers synchronously when it
   * can; a promise never rejects.
   */
  admit(docId: string, local: number, max: number): boolean | Promise<boolean>;
  release(docId: string): void;
}

/**
 * The transaction origin of updates another instance stored (relayed by the bus or read back from the
 * shared store): a hook on the Y.Doc tells them from this instance's own changes by it.
 */
export const RELAYED_ORIGIN: unique symbol = Symbol('relayed');

/** A room on the bus: receives what other processes' rooms of its document stored or were told. */
export interface BusMember {
  /**
   * Applies an update another process stored, and broadcasts it here without storing it. `seq`: its
   * number in the document's sequence (a room that finds one missing reads it from the store);
   * `sentAt`: when it was published (ms), for the relay's lag.
   */
  applyRemote(update: Uint8Array, seq?: number, sentAt?: number): void;
  /** Applies an awareness update (y-protocols encoding) from another process and broadcasts it here. */
  applyRemoteAwareness(update: Uint8Array): void;
  /** Sends a server message another process published (`CollabBus.publishMessage`) to the connections here. */
  applyRemoteMessage(message: Uint8Array): void;
  /** Removes presence states another process relayed (that process stopped answering). */
  removeRemoteAwareness(clientIds: readonly number[]): void;
  /** The presence states this process's own connections control, encoded; null when there are none. */
  localAwareness(): Uint8Array | null;
  /** The store's head for the document (a periodic check); a room behind it reads what it lacks. */
  noteHead(head: number): void;
  /** The bus may have lost messages (it reconnected): read whatever the store holds beyond the room. */
  catchUp(): void;
}

/**
 * Carries stored updates and presence between the processes that hold the same document open (Redis
 * Streams and pub/sub, plugins/redis-bus); the in-process default only links rooms of one process. `from`
 * never receives its own message.
 */
export interface CollabBus {
  publishUpdate(docId: string, update: Uint8Array, from: BusMember, seq?: number): void;
  publishAwareness(docId: string, update: Uint8Array, from: BusMember): void;
  /**
   * Carries a server message to the document's rooms in the other processes (and this one's other rooms);
   * `from`: this process's room of the document, when it is open. A lost message is acceptable (clients
   * fetch everything again when they reconnect). A bus without it keeps these messages in its process.
   */
  publishMessage?(docId: string, message: Uint8Array, from: BusMember | null): void;
  /** Returns the unsubscribe function. */
  subscribe(docId: string, member: BusMember): () => void;
}
