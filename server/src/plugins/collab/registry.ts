import type { Duplex } from 'node:stream';
import type * as Y from 'yjs';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CloseCode } from '@shared/collab/close-codes';
import type {
  CloseReason,
  CollabCore,
  CollabHooks,
  CollabMeter,
  CollabStats,
  HookName,
  HookPayloads,
  OpenDocument,
} from '../../domain/collab/collab-core';
import type { AccessRole } from '../../infra/security/access';
import { Committer } from './committer';
import { Connection } from './connection';
import { runHooks } from './hooks';
import { loadOnce } from '../../infra/load-once';
import { Room, type RoomOwner } from './room';
import type { CollabDeps } from './types';

/** All open documents of this process: loads, connects, unloads after a grace period. */
export class DocRegistry implements CollabCore {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly unloading = new Map<string, Promise<void>>();
  /** Connections that start empty and wait for their document to load (see `load`). */
  private readonly waitingEmpty = new Map<string, Set<Connection>>();
  private readonly committer: Committer;
  private readonly owner: RoomOwner = {
    isCurrent: (room) => this.rooms.get(room.docId) === room,
    broken: (room) => this.discard(room),
  };
  private readonly timers: NodeJS.Timeout[] = [];
  private shuttingDown = false;
  /** Connections the counter admitted and has not been told of their leaving yet. */
  private readonly counted = new WeakSet<Connection>();
  /** Connections of a room waiting for the counter's answer (several instances). */
  private readonly admitting = new Map<Room, Set<Connection>>();

  constructor(private readonly deps: CollabDeps) {
    this.committer = new Committer(deps.updates, deps.log, deps.meters);
    const ping = setInterval(() => this.pingAll(), deps.limits.pingIntervalMs);
    const compact = setInterval(() => this.compactIdle(), deps.limits.compactIntervalMs);
    ping.unref();
    compact.unref();
    this.timers.push(ping, compact);
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
    const conn = new Connection(ws, docId, role, this.deps.limits, log, (c) => this.onGone(c), raw, this.deps.meters);
    if (this.shuttingDown) {
      conn.close(CloseCode.SHUTTING_DOWN);
      return conn;
    }
    const waiting = startsEmpty && !this.rooms.has(docId) ? this.waitEmpty(docId, conn) : () => undefined;
    this.getOrLoad(docId).then(
      (room) => {
        waiting();
        this.admit(conn, room);
      },
      (error: unknown) => {
        waiting();
        log.error({ err: error, docId }, 'loading document failed');
        conn.close(CloseCode.STORAGE_FAILED);
      },
    );
    return conn;
  }

  /** Joins the connection to its loaded room when the document's cap (counted by `deps.connections`) allows. */
  private admit(conn: Connection, room: Room): void {
    if (conn.closed) return;
    const { docId } = conn;
    const admitted = this.deps.connections.admit(
      docId,
      room.connectionCount,
      this.deps.limits.maxConnectionsPerDocument,
    );
    // One process (the default): answered at once, as the room's own count.
    if (admitted === true) return this.join(conn, room);
    if (admitted === false) return conn.close(CloseCode.TOO_MANY_CONNECTIONS);
    // Several instances: one round trip. Meanwhile the room stays loaded (`scheduleUnload`), and a
    // document closed meanwhile closes this connection too (`closeDocument`).
    const pending = this.admitting.get(room) ?? new Set<Connection>();
    this.admitting.set(room, pending);
    pending.add(conn);
    void admitted.then((ok) => {
      pending.delete(conn);
      if (pending.size === 0) this.admitting.delete(room);
      if (!ok) conn.close(CloseCode.TOO_MANY_CONNECTIONS);
      else if (this.shuttingDown) conn.close(CloseCode.SHUTTING_DOWN);
      // Dropped after a storage failure meanwhile: its connections were closed with this code.
      else if (this.rooms.get(docId) !== room) conn.close(CloseCode.STORAGE_FAILED);
      // Admitted: joins, or gives its place back when it was closed meanwhile.
      if (ok) this.join(conn, room);
      if (room.connectionCount === 0 && this.rooms.get(docId) === room) this.scheduleUnload(room);
    });
  }

  /** An admitted connection: counted until it leaves (`onGone` releases it). */
  private join(conn: Connection, room: Room): void {
    if (conn.closed) return this.deps.connections.release(conn.docId);
    this.counted.add(conn);
    room.addConnection(conn);
    conn.attach(room);
    if (!conn.closed) this.run('onConnect', { docId: room.docId, document: room.view, connection: conn });
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

  private async getOrLoad(docId: string): Promise<Room> {
    const open = this.rooms.get(docId);
    if (open) return open;
    const inProgress = this.loading.get(docId);
    if (inProgress) return inProgress;
    const promise = this.load(docId).finally(() => this.loading.delete(docId));
    this.loading.set(docId, promise);
    return promise;
  }

  /** The guard's rules, when they load at first need (GuardConfig.loadRules): in place before any room exists. */
  private readonly guardRules = loadOnce(async () => {
    const { guard } = this.deps;
    if (guard.loadRules && guard.rules === null) guard.rules = await guard.loadRules();
  });

  private async load(docId: string): Promise<Room> {
    await this.unloading.get(docId);
    const [stored] = await Promise.all([this.deps.updates.load(docId), this.guardRules()]);
    const { fingerprint } = this.deps.guard;
    const checked = fingerprint !== null && stored.checkedAs === fingerprint;
    const [state] = stored.updates;
    // One stored state this model already checked: clients that start empty get it before the (slow) load.
    if (checked && state && stored.updates.length === 1) {
      for (const conn of this.waitingEmpty.get(docId) ?? []) conn.sendStoredState(state);
    }
    const room = new Room(docId, this.deps, this.committer, this.owner);
    room.load(stored, checked);
    this.rooms.set(docId, room);
    await this.run('onLoad', { docId, document: room.view });
    if (room.needsCompactionAfterLoad()) void this.committer.enqueueCompaction(room);
    if (room.connectionCount === 0) this.scheduleUnload(room);
    this.deps.log.debug({ docId, rows: stored.updates.length, bytes: stored.bytes }, 'document loaded');
    return room;
  }

  async withDocument<T>(docId: string, fn: (doc: Y.Doc, document: OpenDocument) => T): Promise<T> {
    const room = await this.getOrLoad(docId);
    const result = fn(room.doc, room.view);
    await room.whenCommittedAsync();
    if (room.connectionCount === 0) this.scheduleUnload(room);
    return result;
  }

  async closeDocument(docId: string, close: CloseReason): Promise<void> {
    const room = this.rooms.get(docId) ?? (await this.loading.get(docId));
    if (!room) return;
    room.closeAll(close);
    for (const conn of this.admitting.get(room) ?? []) conn.close(close);
    await this.unload(room);
  }

  isOpen(docId: string): boolean {
    return this.rooms.has(docId);
  }

  sendToDocument(docId: string, message: Uint8Array): void {
    const room = this.rooms.get(docId);
    room?.sendMessage(message);
    this.deps.bus.publishMessage?.(docId, message, room ?? null);
  }

  addHooks(hooks: CollabHooks): void {
    this.deps.hooks.push(hooks);
  }

  addMeter(meter: CollabMeter): void {
    this.deps.meters.push(meter);
  }

  stats(): CollabStats {
    let connections = 0;
    for (const room of this.rooms.values()) connections += room.connectionCount;
    return { documents: this.rooms.size, connections };
  }

  private run<K extends HookName>(hook: K, payload: HookPayloads[K]): Promise<void> | undefined {
    return runHooks(this.deps.hooks, hook, payload, this.deps.log);
  }

  private onGone(conn: Connection): void {
    if (this.counted.delete(conn)) this.deps.connections.release(conn.docId);
    const room = this.rooms.get(conn.docId);
    if (!room) return;
    if (room.removeConnection(conn)) {
      this.run('onDisconnect', { docId: room.docId, document: room.view, connection: conn });
    }
    if (room.connectionCount === 0) this.scheduleUnload(room);
  }

  private scheduleUnload(room: Room): void {
    if (this.shuttingDown) return;
    room.armUnload(this.deps.limits.unloadGraceMs, () => {
      // A connection waiting for admission keeps it (armed again once the answer came).
      if (!this.admitting.has(room)) void this.unload(room);
    });
  }

  private unload(room: Room): Promise<void> {
    if (this.rooms.get(room.docId) !== room) return this.unloading.get(room.docId) ?? Promise.resolve();
    this.rooms.delete(room.docId);
    const done = (async () => {
      try {
        await room.whenCommittedAsync();
        if (room.needsCompactionBeforeUnload()) await this.committer.enqueueCompaction(room);
        await this.run('onUnload', { docId: room.docId, document: room.view });
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
    for (const room of this.rooms.values()) room.pingAll();
  }

  private compactIdle(): void {
    const cutoff = Date.now() - this.deps.limits.compactIntervalMs;
    for (const room of this.rooms.values()) {
      if (room.needsIdleCompaction(cutoff)) void this.committer.enqueueCompaction(room);
    }
  }

  /** Stops accepting, closes every socket, stores everything pending, compacts and unloads. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.loading.values()]);
    for (const room of this.rooms.values()) room.closeAll(CloseCode.SHUTTING_DOWN);
    for (const pending of this.admitting.values()) for (const conn of pending) conn.close(CloseCode.SHUTTING_DOWN);
    await this.committer.drain();
    await Promise.all([...this.rooms.values()].map((room) => this.unload(room)));
    await Promise.all([...this.unloading.values()]);
  }
}
