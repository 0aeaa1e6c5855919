import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CloseCode } from '@shared/collab/close-codes';
import type { AccessRole } from '../../infra/security/access';
import { repairDocument } from '@shared/document/repair';
import { Committer } from './committer';
import { Connection } from './connection';
import { runHooks } from './hooks';
import { Room } from './room';
import type { CollabDeps, CollabHooks } from './types';

/** Origin of the load-time repair transaction. */
export const REPAIR_ORIGIN = Symbol('repair');

/** All open documents of this process: loads, connects, unloads after a grace period. */
export class DocRegistry {
  readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly unloading = new Map<string, Promise<void>>();
  /** Connections that start empty and wait for their document to load (see `load`). */
  private readonly waitingEmpty = new Map<string, Set<Connection>>();
  private readonly committer: Committer;
  private readonly timers: NodeJS.Timeout[] = [];
  private shuttingDown = false;

  constructor(private readonly deps: CollabDeps) {
    this.committer = new Committer(deps.updates, deps.log);
    const ping = setInterval(() => this.pingAll(), deps.limits.pingIntervalMs);
    const compact = setInterval(() => this.compactIdle(), deps.limits.compactIntervalMs);
    ping.unref();
    compact.unref();
    this.timers.push(ping, compact);
  }

  get log(): FastifyBaseLogger {
    return this.deps.log;
  }

  /** Attaches a socket synchronously (so no early frame is lost), then joins it to its room. */
  connect(
    ws: WebSocket,
    docId: string,
    role: AccessRole,
    log: FastifyBaseLogger,
    raw?: Duplex,
    startsEmpty = false,
  ): Connection {
    const conn = new Connection(ws, docId, role, this.deps.limits, log, (c) => this.onGone(c), raw);
    if (this.shuttingDown) {
      conn.close(CloseCode.SHUTTING_DOWN);
      return conn;
    }
    const waiting = startsEmpty && !this.rooms.has(docId) ? this.waitEmpty(docId, conn) : () => undefined;
    this.getOrLoad(docId).then(
      (room) => {
        waiting();
        if (conn.closed) return;
        if (room.conns.size >= this.deps.limits.maxConnectionsPerDocument) {
          conn.close(CloseCode.TOO_MANY_CONNECTIONS);
          return;
        }
        room.addConnection(conn);
        conn.attach(room);
      },
      (error: unknown) => {
        waiting();
        log.error({ err: error, docId }, 'loading document failed');
        conn.close(CloseCode.STORAGE_FAILED);
      },
    );
    return conn;
  }

  private waitEmpty(docId: string, conn: Connection): () => void {
    const set = this.waitingEmpty.get(docId) ?? new Set<Connection>();
    this.waitingEmpty.set(docId, set);
    set.add(conn);
    return () => {
      set.delete(conn);
      if (set.size === 0 && this.waitingEmpty.get(docId) === set) this.waitingEmpty.delete(docId);
    };
  }

  async getOrLoad(docId: string): Promise<Room> {
    const open = this.rooms.get(docId);
    if (open) return open;
    const inProgress = this.loading.get(docId);
    if (inProgress) return inProgress;
    const promise = this.load(docId).finally(() => this.loading.delete(docId));
    this.loading.set(docId, promise);
    return promise;
  }

  private async load(docId: string): Promise<Room> {
    await this.unloading.get(docId);
    const stored = await this.deps.updates.load(docId);
    const { fingerprint } = this.deps.guard;
    const checked = fingerprint !== null && stored.checkedAs === fingerprint;
    const [state] = stored.updates;
    // One stored state this model already checked: clients that start empty get it before the (slow) load.
    if (checked && state && stored.updates.length === 1) {
      for (const conn of this.waitingEmpty.get(docId) ?? []) conn.sendStoredState(state);
    }
    const room = new Room(docId, this.deps, this.committer, (r) => this.discard(r));
    room.loadStored(stored.updates, stored.bytes);
    room.checkedAs = checked ? fingerprint : null;
    this.repair(room);
    this.rooms.set(docId, room);
    await runHooks(this.deps.hooks, 'onLoad', docId, this.deps.log, (h) => h.onLoad?.(room));
    if (room.rowsSinceCompact > 1 || room.dirtyStore) void this.committer.enqueueCompaction(room);
    if (room.conns.size === 0) this.scheduleUnload(room);
    this.deps.log.debug({ docId, rows: stored.updates.length, bytes: stored.bytes }, 'document loaded');
    return room;
  }

  /**
   * A document written before the guard existed (or by a looser server) may hold what the model refuses:
   * it is removed once, as a normal stored change, and pending structs are dropped for good.
   */
  private repair(room: Room): void {
    const rules = this.deps.guard.rules;
    if (!rules) return;
    const { removed, droppedPending } = repairDocument(room.doc, rules, REPAIR_ORIGIN);
    if (removed.length === 0 && !droppedPending) return;
    const reasons = [...new Set(removed.map((r) => r.why))].slice(0, 10);
    this.deps.log.warn(
      { docId: room.docId, removed: removed.length, droppedPending, reasons },
      'repaired a stored document that held content the document model refuses',
    );
    // Stored rows may still hold the pending structs: a compaction rewrites them from the clean state.
    if (droppedPending) room.dirtyStore = true;
  }

  /** Runs `fn` on the loaded document (loading it if needed); changes are stored and broadcast. */
  async withDocument<T>(docId: string, fn: (room: Room) => T): Promise<T> {
    const room = await this.getOrLoad(docId);
    const result = fn(room);
    await room.whenCommittedAsync();
    if (room.conns.size === 0) this.scheduleUnload(room);
    return result;
  }

  /** Closes every connection of a document (moved to the trash) and unloads it. */
  async closeDocument(docId: string, close: { code: number; reason: string }): Promise<void> {
    const room = this.rooms.get(docId) ?? (await this.loading.get(docId));
    if (!room) return;
    room.closeAll(close);
    await this.unload(room);
  }

  private onGone(conn: Connection): void {
    const room = this.rooms.get(conn.docId);
    if (!room) return;
    const member = room.conns.has(conn);
    room.removeConnection(conn);
    if (member) runHooks(this.deps.hooks, 'onLeave', room.docId, this.deps.log, (h) => h.onLeave?.(room, conn));
    if (room.conns.size === 0) this.scheduleUnload(room);
  }

  private scheduleUnload(room: Room): void {
    if (room.unloadTimer || this.shuttingDown) return;
    room.unloadTimer = setTimeout(() => {
      room.unloadTimer = undefined;
      if (room.conns.size === 0) void this.unload(room);
    }, this.deps.limits.unloadGraceMs);
    room.unloadTimer.unref();
  }

  private unload(room: Room): Promise<void> {
    if (this.rooms.get(room.docId) !== room) return this.unloading.get(room.docId) ?? Promise.resolve();
    this.rooms.delete(room.docId);
    const done = (async () => {
      try {
        await room.whenCommittedAsync();
        // Also a single stored state not yet checked under this model: the next load can then answer at once.
        const unchecked = this.deps.guard.fingerprint !== null && room.checkedAs !== this.deps.guard.fingerprint;
        if (room.rowsSinceCompact > 1 || unchecked) await this.committer.enqueueCompaction(room);
        await runHooks(this.deps.hooks, 'onUnload', room.docId, this.deps.log, (h) => h.onUnload?.(room));
      } catch (error) {
        this.deps.log.error({ err: error, docId: room.docId }, 'unloading document failed');
      } finally {
        room.destroy();
        this.unloading.delete(room.docId);
      }
    })();
    this.unloading.set(room.docId, done);
    return done;
  }

  /** Drops a room whose unstored updates must not be served (the clients still hold and resend them). */
  private discard(room: Room): void {
    if (this.rooms.get(room.docId) === room) this.rooms.delete(room.docId);
    room.destroy();
  }

  private pingAll(): void {
    for (const room of this.rooms.values()) {
      for (const conn of [...room.conns]) conn.ping();
    }
  }

  private compactIdle(): void {
    const cutoff = Date.now() - this.deps.limits.compactIntervalMs;
    for (const room of this.rooms.values()) {
      if (room.rowsSinceCompact > 1 && room.lastCompactAt < cutoff) void this.committer.enqueueCompaction(room);
    }
  }

  /** Registers hooks (see CollabHooks); they run for every document from then on. */
  addHooks(hooks: CollabHooks): void {
    this.deps.hooks.push(hooks);
  }

  /** Whether the document is open in this process (loaded and not unloading). */
  isOpen(docId: string): boolean {
    return this.rooms.has(docId);
  }

  stats(): { documents: number; connections: number } {
    let connections = 0;
    for (const room of this.rooms.values()) connections += room.conns.size;
    return { documents: this.rooms.size, connections };
  }

  /** Stops accepting, closes every socket, stores everything pending, compacts and unloads. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.loading.values()]);
    for (const room of this.rooms.values()) room.closeAll(CloseCode.SHUTTING_DOWN);
    await this.committer.drain();
    await Promise.all([...this.rooms.values()].map((room) => this.unload(room)));
    await Promise.all([...this.unloading.values()]);
  }
}
