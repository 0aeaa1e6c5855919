import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { CloseCode } from '@shared/collab/close-codes';
import { repairDocument } from '@shared/document/yjs/repair';
import {
  RELAYED_ORIGIN,
  type BusMember,
  type CloseReason,
  type CollabConnection,
  type OpenDocument,
} from '../../domain/collab/collab-core';
import type { StoredUpdates } from '../../infra/storage/store';
import { awarenessFrame, messageFrame, syncUpdateFrame } from './binary-frame';
import { mergePending, type Committable, type Committer, type PendingWork } from './committer';
import { hasHook, runHooks } from './hooks';
import { report } from './meters';
import { SequenceWindow } from './sequence';
import { RoomGuard } from './room-guard';
import { SyncAnswers } from './sync-answers';
import type { CollabDeps, Peer, RoomPort } from './types';

/** Origin of the load-time repair transaction. */
const REPAIR_ORIGIN = Symbol('repair');
/** Origin of what another process stored (applyRemote): broadcast here, never stored or published again. */
const REMOTE_ORIGIN = RELAYED_ORIGIN;
/** How long a missing sequence number may still come over the bus before the room reads it from the store. */
const GAP_GRACE_MS = 250;

/** What a room asks of the registry that holds it. */
export interface RoomOwner {
  /** Whether `room` is still the open room of its document. */
  isCurrent(room: Room): boolean;
  /** The room's memory can no longer be trusted to match the store. */
  broken(room: Room): void;
}

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] };

/** One open document: its Y.Doc, awareness and connections. Its state is its own; see its methods. */
export class Room implements RoomPort, Committable, BusMember {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly guard: RoomGuard;
  readonly sync = new SyncAnswers(this.doc);
  /** What hooks and `withDocument` callers see of this room. */
  readonly view: OpenDocument;

  private readonly conns = new Set<Peer>();
  /** Every peer that ever joined (weakly): tells a peer's transactions from the server's own. */
  private readonly members = new WeakSet<object>();
  /** Awareness client id → the peer that controls it. */
  private readonly awarenessOwners = new Map<number, Peer>();
  private storedBytes = 0;
  private rowsSinceCompact = 0;
  private lastCompactAt = Date.now();
  private unloadTimer: NodeJS.Timeout | undefined;
  private isClosed = false;
  private wantsCompaction = false;
  /** Rewrite the stored rows as one state even when they are one row (it holds dropped pending structs). */
  private dirtyStore = false;
  /**
   * The model fingerprint the stored rows were checked under (`StoredUpdates.checkedAs`), or null when
   * the store holds anything else (more rows, an older model, unchecked content).
   */
  private checkedAs: string | null = null;
  private stateVectorAtLoad: Uint8Array | null = null;
  private unsubscribe: () => void = () => undefined;
  /** PostgreSQL: which of the document's numbered rows the room holds; null on SQLite (one process). */
  private sequence: SequenceWindow | null = null;
  private gapTimer: NodeJS.Timeout | undefined;
  private backfilling = false;

  private pending: Uint8Array[] = [];
  private pendingOrigins = new Set<unknown>();
  private waiters: Array<() => void> = [];
  private inFlight = 0;
  private awarenessChanged = new Set<number>();
  /** Of `awarenessChanged`, the ids whose change came from another process (not published again). */
  private awarenessRemote = new Set<number>();
  private awarenessScheduled = false;
  /** An update being applied whose bytes are the transaction's update (see applyFrom, applyRemote). */
  private exact: { update: Uint8Array; origin: unknown } | null = null;
  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === REMOTE_ORIGIN) this.broadcastUpdate(update, null);
    else this.queue(update, origin);
  };

  constructor(
    readonly docId: string,
    private readonly deps: CollabDeps,
    private readonly committer: Pick<Committer, 'schedule'>,
    private readonly owner: RoomOwner,
  ) {
    // A room never runs unchecked because the rules were still loading (see GuardConfig.loadRules).
    if (deps.guard.loadRules && deps.guard.rules === null) {
      throw new Error('collab room made before the guard rules loaded');
    }
    this.guard = new RoomGuard(this.doc, deps.guard);
    const isOpen = (): boolean => !this.isClosed && owner.isCurrent(this);
    this.view = {
      docId,
      doc: this.doc,
      awareness: this.awareness,
      connections: this.conns,
      get isOpen() {
        return isOpen();
      },
    };
    // The server itself is not a participant.
    this.awareness.setLocalState(null);
    this.doc.on('update', this.onUpdate);
    // Yjs encodes a transaction's update only while an 'update' listener exists, and looks right after this
    // event: for an exact update the bytes as received are that update already, so the listener rests.
    this.doc.on('afterTransactionCleanup', (tr: Y.Transaction) => {
      // A joining client's empty step 2 is a transaction too: only a change (or pending structs, which
      // answers carry without a change of the state vector) makes the cached answers stale.
      const store = this.doc.store;
      // Walks the state vector (one entry per client ever seen): once per transaction.
      const didChange = changed(tr);
      if (didChange || store.pendingStructs !== null || store.pendingDs !== null) this.sync.invalidate();
      const exact = this.exact;
      if (exact === null || tr.origin !== exact.origin) {
        this.doc.on('update', this.onUpdate);
        return;
      }
      this.doc.off('update', this.onUpdate);
      if (!didChange) return;
      if (exact.origin === REMOTE_ORIGIN) this.broadcastUpdate(exact.update, null);
      else this.queue(exact.update, exact.origin);
    });
    this.awareness.on('update', (change: AwarenessChange, origin: unknown) => {
      const remote = origin === REMOTE_ORIGIN;
      for (const ids of [change.added, change.updated, change.removed]) {
        for (const id of ids) {
          this.awarenessChanged.add(id);
          if (remote) this.awarenessRemote.add(id);
          else this.awarenessRemote.delete(id);
        }
      }
      this.scheduleAwarenessBroadcast();
      if (hasHook(this.deps.hooks, 'onAwareness')) {
        const payload = { docId, document: this.view, ...change };
        runHooks(this.deps.hooks, 'onAwareness', payload, this.deps.log);
      }
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  get compactRequested(): boolean {
    return this.wantsCompaction;
  }

  /** The state vector of what was stored when the room was loaded (before its load-time repair). */
  get loadedStateVector(): Uint8Array | null {
    return this.stateVectorAtLoad;
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  /**
   * Fills the room from the store (no broadcast, no re-store), repairs what the document model refuses,
   * and joins the bus. `checked`: the stored rows were checked under this model's fingerprint.
   */
  load(stored: StoredUpdates, checked: boolean): void {
    this.isClosed = true;
    // Without an 'update' listener Yjs does not encode the load's transaction (the whole document) at
    // all; afterTransactionCleanup puts the listener back.
    this.doc.off('update', this.onUpdate);
    Y.transact(this.doc, () => {
      for (const u of stored.updates) Y.applyUpdate(this.doc, u);
    });
    this.doc.on('update', this.onUpdate);
    this.isClosed = false;
    this.stateVectorAtLoad = Y.encodeStateVector(this.doc);
    this.storedBytes = stored.bytes;
    this.rowsSinceCompact = stored.updates.length;
    this.checkedAs = checked ? this.deps.guard.fingerprint : null;
    if (stored.head !== undefined) this.sequence = new SequenceWindow(stored.head);
    this.repair();
    this.unsubscribe = this.deps.bus.subscribe(this.docId, this);
  }

  /**
   * A document written before the guard existed (or by a looser server) may hold what the model refuses:
   * it is removed once, as a normal stored change, and pending structs are dropped for good.
   */
  private repair(): void {
    const rules = this.deps.guard.rules;
    if (!rules) return;
    const { removed, droppedPending } = repairDocument(this.doc, rules, REPAIR_ORIGIN);
    if (removed.length === 0 && !droppedPending) return;
    const reasons = [...new Set(removed.map((r) => r.why))].slice(0, 10);
    this.deps.log.warn(
      { docId: this.docId, removed: removed.length, droppedPending, reasons },
      'repaired a stored document that held content the document model refuses',
    );
    // Stored rows may still hold the pending structs: a compaction rewrites them from the clean state.
    if (droppedPending) this.dirtyStore = true;
  }

  /** Whether the stored rows should be rewritten as one state now that the room is loaded. */
  needsCompactionAfterLoad(): boolean {
    return this.rowsSinceCompact > 1 || this.dirtyStore;
  }

  /** Also a single stored state not yet checked under this model: the next load can then answer at once. */
  needsCompactionBeforeUnload(): boolean {
    const { fingerprint } = this.deps.guard;
    return this.rowsSinceCompact > 1 || (fingerprint !== null && this.checkedAs !== fingerprint);
  }

  /** Several rows and no compaction since `cutoff`. */
  needsIdleCompaction(cutoff: number): boolean {
    return this.rowsSinceCompact > 1 && this.lastCompactAt < cutoff;
  }

  /**
   * Applies a peer's checked update. `exact` (the guard's verdict): it integrates exactly as it is,
   * so its own bytes are stored and broadcast instead of Yjs encoding the transaction again.
   */
  applyFrom(peer: Peer, update: Uint8Array, exact: boolean): void {
    // Pending structs the update completes would join its transaction: then only Yjs's encoding is whole.
    const clean = this.doc.store.pendingStructs === null && this.doc.store.pendingDs === null;
    this.exact = exact && clean ? { update, origin: peer } : null;
    try {
      Y.applyUpdate(this.doc, update, peer);
    } finally {
      this.exact = null;
    }
  }

  /**
   * Applies an update another process stored (the bus): broadcast to this process's peers, neither stored
   * nor published again.
   */
  applyRemote(update: Uint8Array, seq?: number, sentAt?: number): void {
    if (this.isClosed) return;
    if (seq !== undefined && this.sequence) {
      if (this.sequence.has(seq)) return;
      this.sequence.add(seq);
    }
    // Another instance stored these bytes as one commit: when they integrate here as they are, they are
    // the transaction's update, so Yjs need not encode it again for this room's broadcast.
    const clean = this.doc.store.pendingStructs === null && this.doc.store.pendingDs === null;
    this.exact = clean ? { update, origin: REMOTE_ORIGIN } : null;
    try {
      this.applyRelayed(update);
    } finally {
      this.exact = null;
    }
    if (sentAt !== undefined) report(this.deps.meters, 'relayed', Math.max(0, Date.now() - sentAt) / 1000);
    if (this.sequence?.hasGap) this.watchGap();
  }

  private applyRelayed(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, REMOTE_ORIGIN);
    // Text this room's guard did not see arrived: its counts are no longer a bound.
    this.guard.forgetCounts();
  }

  noteHead(head: number): void {
    if (this.isClosed || !this.sequence) return;
    this.sequence.note(head);
    if (this.sequence.hasGap) this.watchGap();
  }

  catchUp(): void {
    void this.backfill();
  }

  /**
   * A number is missing: the bus may still deliver it (two instances' publishes can cross), so the room
   * waits a moment and then reads what it still lacks from the store.
   */
  private watchGap(): void {
    if (this.gapTimer !== undefined) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      if (this.sequence?.hasGap) void this.backfill();
    }, GAP_GRACE_MS);
    this.gapTimer.unref();
  }

  /** Applies every stored row the room lacks (PostgreSQL is the log; the bus only speeds it up). */
  private async backfill(): Promise<void> {
    const since = this.deps.updates.since?.bind(this.deps.updates);
    if (!since || !this.sequence || this.backfilling || this.isClosed) return;
    this.backfilling = true;
    try {
      const rows = await since(this.docId, this.sequence.through);
      if (this.isClosed) return;
      let applied = 0;
      for (const row of rows) {
        if (this.sequence.has(row.seq)) continue;
        this.applyRelayed(row.update);
        applied++;
      }
      const last = rows.at(-1);
      // The rows are gapless from the first (which may be a state holding everything before it).
      if (last) this.sequence.coverThrough(last.seq);
      if (applied > 0) {
        report(this.deps.meters, 'backfilled', applied);
        this.deps.log.info({ docId: this.docId, rows: applied }, 'read updates the bus had not delivered');
      }
    } catch (error) {
      this.deps.log.warn({ err: error, docId: this.docId }, 'reading missed updates failed; trying again');
    } finally {
      this.backfilling = false;
    }
    if (this.sequence.hasGap && !this.isClosed) this.watchGap();
  }

  removeRemoteAwareness(clientIds: readonly number[]): void {
    if (this.isClosed) return;
    // Only states no connection of ours controls: a client that moved here keeps its state.
    const gone = clientIds.filter((id) => !this.awarenessOwners.has(id) && this.awareness.states.has(id));
    if (gone.length > 0) awarenessProtocol.removeAwarenessStates(this.awareness, gone, REMOTE_ORIGIN);
  }

  localAwareness(): Uint8Array | null {
    const ids = [...this.awarenessOwners.keys()].filter((id) => this.awareness.states.has(id));
    return ids.length > 0 ? awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids) : null;
  }

  /** Sends a server message to this room's connections (`CollabCore.sendToDocument`; not published). */
  sendMessage(message: Uint8Array): void {
    if (this.isClosed || this.conns.size === 0) return;
    const framed = messageFrame(message);
    for (const conn of this.conns) conn.sendFrame(framed.frame, framed.message);
  }

  applyRemoteMessage(message: Uint8Array): void {
    this.sendMessage(message);
  }

  /** Applies presence from another process: broadcast here, not published again. */
  applyRemoteAwareness(update: Uint8Array): void {
    if (this.isClosed) return;
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE_ORIGIN);
  }

  private queue(update: Uint8Array, origin: unknown): void {
    if (this.isClosed) return;
    this.pending.push(update);
    this.pendingOrigins.add(origin);
    this.committer.schedule(this);
  }

  hasUncommitted(): boolean {
    return this.pending.length > 0 || this.inFlight > 0;
  }

  /** Runs `fn` once every update applied so far is durably stored. */
  whenCommitted(fn: () => void): void {
    if (!this.hasUncommitted()) fn();
    else this.waiters.push(fn);
  }

  whenCommittedAsync(): Promise<void> {
    return new Promise((resolve) => this.whenCommitted(resolve));
  }

  takePending(): PendingWork | null {
    if (this.pending.length === 0) return null;
    const update = mergePending(this.pending);
    const work: PendingWork = { room: this, update, origins: this.pendingOrigins, waiters: this.waiters };
    this.pending = [];
    this.pendingOrigins = new Set();
    this.waiters = [];
    this.inFlight++;
    return work;
  }

  committed(work: PendingWork): void {
    this.inFlight--;
    this.storedBytes += work.update.byteLength;
    this.rowsSinceCompact++;
    if (this.rowsSinceCompact >= this.deps.limits.compactAfterUpdates) this.wantsCompaction = true;
    try {
      if (work.seq !== undefined) this.sequence?.add(work.seq);
      // Other instances first: their clients' path is the longer one.
      this.deps.bus.publishUpdate(this.docId, work.update, this, work.seq);
      if (hasHook(this.deps.hooks, 'onChange')) {
        const origins = [...work.origins].filter((o): o is CollabConnection => this.isPeer(o));
        const payload = { docId: this.docId, document: this.view, update: work.update, origins };
        runHooks(this.deps.hooks, 'onChange', payload, this.deps.log);
      }
      this.broadcastUpdate(work.update, work.origins);
    } finally {
      for (const w of work.waiters) w();
      if (!this.hasUncommitted()) {
        const rest = this.waiters;
        this.waiters = [];
        for (const w of rest) w();
      }
    }
  }

  private isPeer(origin: unknown): origin is Peer {
    return typeof origin === 'object' && origin !== null && this.members.has(origin);
  }

  /** The store refused a write: drop every connection; clients keep their edits and resend them. */
  failStorage(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.closeAll(CloseCode.STORAGE_FAILED);
    this.owner.broken(this);
  }

  async compactNow(): Promise<void> {
    this.wantsCompaction = false;
    const fingerprint = this.deps.guard.fingerprint;
    const recheck = fingerprint !== null && this.checkedAs !== fingerprint;
    if (this.rowsSinceCompact <= 1 && !this.dirtyStore && !recheck) return;
    this.dirtyStore = false;
    const state = Y.encodeStateAsUpdate(this.doc);
    // What this room holds passed the model's checks (updates on arrival, stored rows when loaded), unless
    // pending structs wait in it: those were never checked.
    const clean = this.doc.store.pendingStructs === null && this.doc.store.pendingDs === null;
    const checkedAs = clean ? fingerprint : null;
    // With several instances the state covers the numbers this room holds without a gap; rows above stay.
    await this.deps.updates.compact(this.docId, state, checkedAs, this.sequence?.through);
    this.checkedAs = checkedAs;
    this.storedBytes = state.byteLength;
    this.rowsSinceCompact = 1;
    this.lastCompactAt = Date.now();
    runHooks(
      this.deps.hooks,
      'onStore',
      { docId: this.docId, document: this.view, bytes: state.byteLength },
      this.deps.log,
    );
  }

  /** Would this update push the stored document past its size limit? */
  wouldExceedSize(updateBytes: number): boolean {
    return this.storedBytes + updateBytes > this.deps.limits.maxDocumentBytes;
  }

  /** Sends a stored update to the peers; `origins` null: it came from another process (to everyone). */
  private broadcastUpdate(update: Uint8Array, origins: Set<unknown> | null): void {
    if (this.conns.size === 0) return;
    const { frame, message } = syncUpdateFrame(update);
    // With a single sender its own edit need not travel back; merged batches go to everyone.
    const skip = origins?.size === 1 ? origins.values().next().value : undefined;
    for (const conn of this.conns) {
      if (conn !== skip) conn.sendFrame(frame, message);
    }
  }

  private scheduleAwarenessBroadcast(): void {
    if (this.awarenessScheduled) return;
    this.awarenessScheduled = true;
    setImmediate(() => {
      this.awarenessScheduled = false;
      if (this.awarenessChanged.size === 0 || this.isClosed) return;
      const ids = [...this.awarenessChanged];
      const local = this.awarenessRemote.size === 0 ? ids : ids.filter((id) => !this.awarenessRemote.has(id));
      this.awarenessChanged.clear();
      this.awarenessRemote.clear();
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids);
      if (this.conns.size > 0) {
        const { frame, message } = awarenessFrame(update);
        for (const conn of this.conns) conn.sendFrame(frame, message);
      }
      if (local.length > 0) {
        const mine = local === ids ? update : awarenessProtocol.encodeAwarenessUpdate(this.awareness, local);
        this.deps.bus.publishAwareness(this.docId, mine, this);
      }
    });
  }

  awarenessOwner(clientId: number): Peer | undefined {
    return this.awarenessOwners.get(clientId);
  }

  claimAwareness(clientId: number, peer: Peer): void {
    this.awarenessOwners.set(clientId, peer);
  }

  addConnection(peer: Peer): void {
    if (this.unloadTimer) {
      clearTimeout(this.unloadTimer);
      this.unloadTimer = undefined;
    }
    this.conns.add(peer);
    this.members.add(peer);
  }

  /** Removes a peer and the presence it controlled; false when it was not connected. */
  removeConnection(peer: Peer): boolean {
    if (!this.conns.delete(peer)) return false;
    const owned = [...peer.awarenessIds].filter((id) => this.awarenessOwners.get(id) === peer);
    for (const id of owned) this.awarenessOwners.delete(id);
    const present = owned.filter((id) => this.awareness.states.has(id));
    if (present.length > 0) awarenessProtocol.removeAwarenessStates(this.awareness, present, null);
    return true;
  }

  /** Calls `onIdle` after `delayMs` when no peer joined meanwhile (once; a join cancels it). */
  armUnload(delayMs: number, onIdle: () => void): void {
    if (this.unloadTimer) return;
    this.unloadTimer = setTimeout(() => {
      this.unloadTimer = undefined;
      if (this.conns.size === 0) onIdle();
    }, delayMs);
    this.unloadTimer.unref();
  }

  pingAll(): void {
    for (const conn of [...this.conns]) conn.ping();
  }

  closeAll(code: CloseReason): void {
    for (const conn of [...this.conns]) conn.close(code);
  }

  destroy(): void {
    this.isClosed = true;
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.unsubscribe();
    this.awareness.destroy();
    this.doc.destroy();
  }
}

/** Whether a transaction changed the document (Yjs's test before it emits 'update'). */
function changed(tr: Y.Transaction): boolean {
  if (tr.deleteSet.clients.size > 0) return true;
  for (const [client, clock] of tr.afterState) if (tr.beforeState.get(client) !== clock) return true;
  return false;
}
