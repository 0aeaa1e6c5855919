import * as Y from 'yjs';
import type { FastifyBaseLogger } from 'fastify';
import type { UpdateStore } from '../../infra/storage/store';
import type { CollabMeter } from '../../domain/collab/collab-core';
import { report } from './meters';

/** What the committer needs of a room (the room keeps its state; the committer only drives it). */
export interface Committable {
  readonly docId: string;
  /** Unloaded or dropped: nothing of it is compacted any more. */
  readonly closed: boolean;
  /** Enough rows since the last compaction that the next commit compacts them. */
  readonly compactRequested: boolean;
  /** Takes the updates waiting to be stored (merged), or null when none wait. */
  takePending(): PendingWork | null;
  /** The work was durably stored: broadcast it and release its waiters. */
  committed(work: PendingWork): void;
  /** The store refused the work. */
  failStorage(): void;
  /** Rewrites the stored rows as one state. */
  compactNow(): Promise<void>;
}

/**
 * How long the first update of a group may wait for the event-loop turn to end. A turn in which many
 * sockets are readable at once (many small rooms) can run for many milliseconds; past this the group is
 * committed right after the message being handled, and a new group starts. Not when a room of the group
 * received a second update: then merging saves a broadcast to all of its peers, which costs more.
 */
export const GROUP_FLUSH_MS = 2;

/**
 * Group commit: the updates every room received in one event-loop turn (at most GROUP_FLUSH_MS of it)
 * are merged per room, written in one transaction, and only then broadcast. Commits run one after
 * another.
 */
export class Committer {
  private readonly dirty = new Set<Committable>();
  private scheduled = false;
  /** When the group being collected got its first room (performance.now()). */
  private groupStarted = 0;
  private flushQueued = false;
  /** A room of the group being collected was scheduled twice (its updates merge). */
  private merging = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly updates: UpdateStore,
    private readonly log: FastifyBaseLogger,
    private readonly meters: readonly CollabMeter[] = [],
  ) {}

  schedule(room: Committable): void {
    if (this.dirty.has(room)) this.merging = true;
    else this.dirty.add(room);
    if (this.scheduled) {
      if (!this.flushQueued && !this.merging && performance.now() - this.groupStarted >= GROUP_FLUSH_MS) {
        this.flushEarly();
      }
      return;
    }
    this.scheduled = true;
    this.merging = false;
    this.groupStarted = performance.now();
    setImmediate(() => {
      this.scheduled = false;
      void this.enqueue(() => this.commit());
    });
  }

  /** Commits the group after the current message (microtasks run between two socket callbacks). */
  private flushEarly(): void {
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.merging = false;
      this.groupStarted = performance.now();
      void this.enqueue(() => this.commit());
    });
  }

  /** Runs `task` after everything queued; the chain never stays rejected (later commits would be skipped). */
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'a commit failed');
    });
    return this.chain;
  }

  /** Resolves when everything scheduled so far is stored (shutdown, unload). */
  async drain(): Promise<void> {
    while (this.dirty.size > 0 || this.scheduled) {
      if (!this.scheduled) void this.enqueue(() => this.commit());
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.chain;
    }
    await this.chain;
  }

  private async commit(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rooms = [...this.dirty];
    this.dirty.clear();
    const work = rooms.map((room) => room.takePending()).filter((w) => w !== null);
    if (work.length === 0) return;
    const batch = work.map((w) => ({ docId: w.room.docId, update: w.update }));
    const started = process.hrtime.bigint();
    try {
      const numbers = await this.updates.append(batch, Date.now());
      if (numbers) work.forEach((w, i) => (w.seq = numbers[i]));
      const bytes = batch.reduce((sum, b) => sum + b.update.byteLength, 0);
      report(this.meters, 'committed', Number(process.hrtime.bigint() - started) / 1e9, batch.length, bytes);
    } catch (error) {
      this.log.error({ err: error, docs: batch.length }, 'storing updates failed');
      for (const w of work) w.room.failStorage();
      return;
    }
    for (const w of work) {
      // One room's failure must not keep the others' broadcasts and waiters.
      try {
        w.room.committed(w);
      } catch (error) {
        this.log.error({ err: error, docId: w.room.docId }, 'finishing a commit failed');
      }
    }
    for (const w of work) {
      if (w.room.compactRequested) await this.compact(w.room);
    }
  }

  /** Compacts a room's stored rows, in order with the commits. */
  enqueueCompaction(room: Committable): Promise<void> {
    return this.enqueue(() => this.compact(room));
  }

  private async compact(room: Committable): Promise<void> {
    if (room.closed) return;
    try {
      await room.compactNow();
    } catch (error) {
      this.log.error({ err: error, docId: room.docId }, 'compaction failed');
    }
  }
}

/** One room's share of a commit. */
export interface PendingWork {
  room: Committable;
  update: Uint8Array;
  /** The transactions' origins (peers, or the server's own origins). */
  origins: Set<unknown>;
  waiters: Array<() => void>;
  /** Its number in the document's sequence, once stored (PostgreSQL). */
  seq?: number;
}

export function mergePending(updates: Uint8Array[]): Uint8Array {
  return updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates);
}
