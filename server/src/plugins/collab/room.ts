import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { CloseCode } from '@shared/collab/close-codes';
import { binaryFrame, syncUpdateFrame } from './binary-frame';
import type { Committer, PendingWork } from './committer';
import { mergePending } from './committer';
import { Connection } from './connection';
import { encodeAwarenessMessage } from './protocol';
import { runHooks } from './hooks';
import { RoomGuard } from './room-guard';
import type { CollabDeps, RoomHandle } from './types';

/** One open document: its Y.Doc, awareness and connections. */
export class Room implements RoomHandle {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly conns = new Set<Connection>();
  /** Awareness client id → the connection that controls it. */
  readonly awarenessOwners = new Map<number, Connection>();
  storedBytes = 0;
  rowsSinceCompact = 0;
  lastCompactAt = Date.now();
  unloadTimer: NodeJS.Timeout | undefined;
  closed = false;
  compactRequested = false;
  /**
   * The model fingerprint the stored rows were checked under (`StoredUpdates.checkedAs`), or null when
   * the store holds anything else (more rows, an older model, unchecked content).
   */
  checkedAs: string | null = null;
  /** The state vector of what was stored when the room was loaded (before its load-time repair). */
  loadedStateVector: Uint8Array | null = null;
  readonly guard: RoomGuard;

  private pending: Uint8Array[] = [];
  private pendingOrigins = new Set<unknown>();
  private waiters: Array<() => void> = [];
  private inFlight = 0;
  private awarenessChanged = new Set<number>();
  private awarenessScheduled = false;
  /** A connection's update being applied whose bytes are the transaction's update (see applyFrom). */
  private exact: { update: Uint8Array; origin: Connection } | null = null;
  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => this.queue(update, origin);

  constructor(
    readonly docId: string,
    private readonly deps: CollabDeps,
    private readonly committer: Committer,
    /** Called when the room's memory can no longer be trusted to match the store. */
    private readonly onBroken: (room: Room) => void = () => undefined,
  ) {
    this.guard = new RoomGuard(this.doc, deps.guard);
    // The server itself is not a participant.
    this.awareness.setLocalState(null);
    this.doc.on('update', this.onUpdate);
    // Yjs encodes a transaction's update only while an 'update' listener exists, and looks right after this
    // event: for an exact update the bytes as received are that update already, so the listener rests.
    this.doc.on('afterTransactionCleanup', (tr: Y.Transaction) => {
      const exact = this.exact;
      if (exact === null || tr.origin !== exact.origin) {
        this.doc.on('update', this.onUpdate);
        return;
      }
      this.doc.off('update', this.onUpdate);
      if (changed(tr)) this.queue(exact.update, exact.origin);
    });
    this.awareness.on('update', (change: { added: number[]; updated: number[]; removed: number[] }) => {
      for (const id of change.added) this.awarenessChanged.add(id);
      for (const id of change.updated) this.awarenessChanged.add(id);
      for (const id of change.removed) this.awarenessChanged.add(id);
      this.scheduleAwarenessBroadcast();
    });
  }

  /**
   * Applies a connection's checked update. `exact` (the guard's verdict): it integrates exactly as it is,
   * so its own bytes are stored and broadcast instead of Yjs encoding the transaction again.
   */
  applyFrom(conn: Connection, update: Uint8Array, exact: boolean): void {
    // Pending structs the update completes would join its transaction: then only Yjs's encoding is whole.
    const clean = this.doc.store.pendingStructs === null && this.doc.store.pendingDs === null;
    this.exact = exact && clean ? { update, origin: conn } : null;
    try {
      Y.applyUpdate(this.doc, update, conn);
    } finally {
      this.exact = null;
    }
  }

  private queue(update: Uint8Array, origin: unknown): void {
    if (this.closed) return;
    this.pending.push(update);
    this.pendingOrigins.add(origin);
    this.committer.schedule(this);
  }

  /** Applies stored updates during load (no broadcast, no re-store). */
  loadStored(updates: Uint8Array[], bytes: number): void {
    this.closed = true;
    // Without an 'update' listener Yjs does not encode the load's transaction (the whole document) at
    // all; afterTransactionCleanup puts the listener back.
    this.doc.off('update', this.onUpdate);
    Y.transact(this.doc, () => {
      for (const u of updates) Y.applyUpdate(this.doc, u);
    });
    this.doc.on('update', this.onUpdate);
    this.closed = false;
    this.loadedStateVector = Y.encodeStateVector(this.doc);
    this.storedBytes = bytes;
    this.rowsSinceCompact = updates.length;
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
    if (this.rowsSinceCompact >= this.deps.limits.compactAfterUpdates) this.compactRequested = true;
    const origins = [...work.origins].filter((o): o is Connection => o instanceof Connection);
    runHooks(this.deps.hooks, 'onChange', this.docId, this.deps.log, (h) => h.onChange?.(this, work.update, origins));
    this.broadcastUpdate(work.update, work.origins);
    for (const w of work.waiters) w();
    if (!this.hasUncommitted()) {
      const rest = this.waiters;
      this.waiters = [];
      for (const w of rest) w();
    }
  }

  /** The store refused a write: drop every connection; clients keep their edits and resend them. */
  failStorage(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.closeAll(CloseCode.STORAGE_FAILED);
    this.onBroken(this);
  }

  /** Rewrites the stored rows as one state; `dirty` also when one row holds garbage (pending structs). */
  dirtyStore = false;

  async compactNow(): Promise<void> {
    this.compactRequested = false;
    const fingerprint = this.deps.guard.fingerprint;
    const recheck = fingerprint !== null && this.checkedAs !== fingerprint;
    if (this.rowsSinceCompact <= 1 && !this.dirtyStore && !recheck) return;
    this.dirtyStore = false;
    const state = Y.encodeStateAsUpdate(this.doc);
    // What this room holds passed the model's checks (updates on arrival, stored rows when loaded), unless
    // pending structs wait in it: those were never checked.
    const clean = this.doc.store.pendingStructs === null && this.doc.store.pendingDs === null;
    const checkedAs = clean ? fingerprint : null;
    await this.deps.updates.compact(this.docId, state, checkedAs);
    this.checkedAs = checkedAs;
    this.storedBytes = state.byteLength;
    this.rowsSinceCompact = 1;
    this.lastCompactAt = Date.now();
  }

  /** Would this update push the stored document past its size limit? */
  wouldExceedSize(updateBytes: number): boolean {
    return this.storedBytes + updateBytes > this.deps.limits.maxDocumentBytes;
  }

  private broadcastUpdate(update: Uint8Array, origins: Set<unknown>): void {
    if (this.conns.size === 0) return;
    const { frame, message } = syncUpdateFrame(update);
    // With a single sender its own edit need not travel back; merged batches go to everyone.
    const skip = origins.size === 1 ? origins.values().next().value : undefined;
    for (const conn of this.conns) {
      if (conn !== skip) conn.sendFrame(frame, message);
    }
  }

  private scheduleAwarenessBroadcast(): void {
    if (this.awarenessScheduled) return;
    this.awarenessScheduled = true;
    setImmediate(() => {
      this.awarenessScheduled = false;
      if (this.awarenessChanged.size === 0 || this.closed) return;
      const ids = [...this.awarenessChanged];
      this.awarenessChanged.clear();
      const message = encodeAwarenessMessage(this.awareness, ids);
      const frame = binaryFrame(message);
      for (const conn of this.conns) conn.sendFrame(frame, message);
    });
  }

  addConnection(conn: Connection): void {
    if (this.unloadTimer) {
      clearTimeout(this.unloadTimer);
      this.unloadTimer = undefined;
    }
    this.conns.add(conn);
  }

  removeConnection(conn: Connection): void {
    if (!this.conns.delete(conn)) return;
    const owned = [...conn.awarenessIds].filter((id) => this.awarenessOwners.get(id) === conn);
    for (const id of owned) this.awarenessOwners.delete(id);
    const present = owned.filter((id) => this.awareness.states.has(id));
    if (present.length > 0) awarenessProtocol.removeAwarenessStates(this.awareness, present, null);
  }

  closeAll(code: { code: number; reason: string }): void {
    for (const conn of [...this.conns]) conn.close(code);
  }

  destroy(): void {
    this.closed = true;
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
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
