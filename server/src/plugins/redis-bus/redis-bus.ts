import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMember, CollabBus } from '../../domain/collab/collab-core';
import type { UpdateStore } from '../../infra/storage/store';
import { openRedis } from '../../infra/redis/redis-client';

/*
 * Several instances, one document: PostgreSQL is the log, Redis carries what was stored.
 * - Updates: after its commit an instance XADDs the update with its document id and sequence number to
 *   one of a fixed number of shard streams (chosen by a hash of the id; trimmed by age). Every instance
 *   reads the shards of its open documents with one blocking XREAD and hands each entry to the room,
 *   which applies the next numbers and reads any gap from PostgreSQL. A periodic head check catches an
 *   instance that died between its commit and its XADD. Shards, not a stream per document: a profile
 *   of three instances found re-sending XREAD with every open document's key after each reply to be the
 *   bus's largest cost; a shard read names at most `STREAM_SHARDS` keys however many documents are open.
 * - Presence: pub/sub (a lost message is harmless: clients renew their state every 15 s). Each instance
 *   says it is alive every second; the carets of one that fell silent are removed everywhere.
 * - Server messages (comments frames): the same per-document channel, as their own kind; only instances
 *   with the document open listen, and a lost one only delays a client until it fetches again.
 */

/** Every instance must use the same number (it decides where a document's updates go). */
export const STREAM_SHARDS = 16;

/** FNV-1a over the id's UTF-16 units: stable across processes and versions. */
function shardOf(docId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < docId.length; i++) {
    hash ^= docId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % STREAM_SHARDS;
}

const shardKey = (shard: number): string => `tandem:updates:${shard}`;
/** The stream that carries a document's updates. */
export const updateStreamKey = (docId: string): string => shardKey(shardOf(docId));
const presenceChannel = (docId: string): string => `tandem:doc:${docId}:presence`;
const INSTANCES_CHANNEL = 'tandem:instances';
const CHANNEL_PREFIX = 'tandem:doc:';

/** Presence message kinds. */
const PRESENCE_UPDATE = 0;
/** "I just opened this document: send me your connections' states." */
const PRESENCE_HELLO = 1;
/** A server message for the document's connections (`CollabCore.sendToDocument`). */
const SERVER_MESSAGE = 2;

export interface RedisBusOptions {
  url: string;
  updates: Pick<UpdateStore, 'heads'>;
  log: FastifyBaseLogger;
  instanceId?: string;
  /** Entries older than this are trimmed from a stream (a later reader backfills from the store). */
  streamMaxAgeMs?: number;
  /** How often the store's heads of the open documents are compared with what the rooms hold. */
  headCheckMs?: number;
  heartbeatMs?: number;
  /** An instance not heard from for this long is gone: its carets are removed. */
  instanceTimeoutMs?: number;
}

interface Timers {
  heads: NodeJS.Timeout;
  heartbeat: NodeJS.Timeout;
}

export class RedisBus implements CollabBus {
  readonly instanceId: string;
  private readonly commands: Redis;
  private readonly reader: Redis;
  private readonly subscriber: Redis;
  private readonly members = new Map<string, Set<BusMember>>();
  /** Per shard stream with an open document here, the last entry read. */
  private readonly cursors = new Map<string, string>();
  /** Per shard stream, how many open documents it carries. */
  private readonly shardDocs = new Map<string, number>();
  /** Updates of the current commit after its first, sent in one pipeline once it is through. */
  private outbox: Array<{ key: string; fields: Array<string | Buffer> }> = [];
  private batching = false;
  /** When each shard's expiry was last pushed back. */
  private readonly expirySetAt = new Map<string, number>();
  /** Another instance → document → the presence ids it relayed. */
  private readonly remoteStates = new Map<string, Map<string, Set<number>>>();
  private readonly lastHeard = new Map<string, number>();
  private readonly timers: Timers;
  private readonly log: FastifyBaseLogger;
  private closed = false;
  /** Resolves on close: a read held for a link that never comes back (ioredis resends it only then) ends. */
  private stopped: () => void = () => undefined;
  private readonly stopping = new Promise<null>((resolve) => (this.stopped = () => resolve(null)));
  private wakeReader: (() => void) | null = null;
  /**
   * The reader's own stream, always read with the documents': an entry there ends a blocking read at once,
   * also when it lands before the read starts (which an unblock command would miss).
   */
  private readonly wakeKey: string;
  private wakeCursor = '0-0';
  private readonly loop: Promise<void>;

  constructor(private readonly opts: RedisBusOptions) {
    this.instanceId = opts.instanceId ?? randomUUID();
    this.wakeKey = `tandem:instance:${this.instanceId}:wake`;
    this.log = opts.log;
    this.commands = openRedis(opts.url, 'bus', opts.log);
    this.reader = openRedis(opts.url, 'bus-reader', opts.log);
    this.subscriber = openRedis(opts.url, 'bus-presence', opts.log);
    let readerSeen = false;
    this.reader.on('ready', () => {
      // Back after a lost link: what the streams held meanwhile may be trimmed; the log has it all.
      if (readerSeen) for (const set of this.members.values()) for (const m of set) m.catchUp();
      readerSeen = true;
      this.wake();
    });
    // Without an offline queue a SUBSCRIBE sent before the link is ready fails (at start, after a restart
    // the first documents open at once): each time it becomes ready, subscribe to everything again and ask
    // the others for their states.
    this.subscriber.on('ready', () => {
      const docIds = [...this.members.keys()];
      this.subscriber.subscribe(INSTANCES_CHANNEL, ...docIds.map(presenceChannel)).then(
        () => docIds.forEach((docId) => this.hello(docId)),
        () => undefined,
      );
    });
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => this.onMessage(channel, message));
    this.timers = {
      heads: setInterval(() => void this.checkHeads(), opts.headCheckMs ?? 500),
      heartbeat: setInterval(() => this.heartbeat(), opts.heartbeatMs ?? 1_000),
    };
    this.timers.heads.unref();
    this.timers.heartbeat.unref();
    this.loop = this.readLoop();
  }

  /** All three links are up (readiness). */
  get connected(): boolean {
    return [this.commands, this.reader, this.subscriber].every((r) => r.status === 'ready');
  }

  publishUpdate(docId: string, update: Uint8Array, from: BusMember, seq?: number): void {
    for (const member of this.others(docId, from)) member.applyRemote(update, seq);
    if (this.commands.status !== 'ready' || seq === undefined) return;
    const entry = {
      key: updateStreamKey(docId),
      fields: ['d', docId, 'i', this.instanceId, 's', String(seq), 'u', Buffer.from(update)],
    };
    if (this.batching) {
      this.outbox.push(entry);
      return;
    }
    // The first document of a commit goes at once (before this instance's own broadcast, which is on no
    // other instance's path); the rest of the commit's documents follow in one write.
    this.send([entry]);
    this.batching = true;
    queueMicrotask(() => {
      this.batching = false;
      const batch = this.outbox;
      this.outbox = [];
      if (batch.length > 0) this.send(batch);
    });
  }

  private send(batch: Array<{ key: string; fields: Array<string | Buffer> }>): void {
    if (this.commands.status !== 'ready') return;
    const maxAge = this.opts.streamMaxAgeMs ?? 60_000;
    const now = Date.now();
    const minId = String(now - maxAge);
    const pipeline = this.commands.pipeline();
    for (const { key, fields } of batch) {
      pipeline.xadd(key, 'MINID', '~', minId, '*', ...fields);
      // A deployment nobody edits any more leaves no stream behind.
      if (now - (this.expirySetAt.get(key) ?? 0) > maxAge / 2) {
        this.expirySetAt.set(key, now);
        pipeline.pexpire(key, 2 * maxAge);
      }
    }
    pipeline.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error !== null);
        if (failed) this.log.warn({ err: failed[0] }, 'publishing updates to Redis failed');
      },
      (error: unknown) => {
        // The updates are stored: the other instances' head checks find them without these entries.
        this.log.warn({ err: error }, 'publishing updates to Redis failed');
      },
    );
  }

  publishAwareness(docId: string, update: Uint8Array, from: BusMember): void {
    for (const member of this.others(docId, from)) member.applyRemoteAwareness(update);
    this.sendPresence(docId, PRESENCE_UPDATE, update);
  }

  publishMessage(docId: string, message: Uint8Array, from: BusMember | null): void {
    for (const member of this.others(docId, from)) member.applyRemoteMessage(message);
    this.sendPresence(docId, SERVER_MESSAGE, message);
  }

  subscribe(docId: string, member: BusMember): () => void {
    let set = this.members.get(docId);
    if (!set) {
      set = new Set();
      this.members.set(docId, set);
      const key = updateStreamKey(docId);
      const docs = this.shardDocs.get(key) ?? 0;
      this.shardDocs.set(key, docs + 1);
      if (docs === 0) {
        // Replays a few seconds: what was published while the room loaded (rooms skip numbers they hold).
        this.cursors.set(key, `${Date.now() - 5_000}-0`);
      } else {
        // The shard is read already: what it carried for this document while the room loaded was skipped.
        const joined = member;
        queueMicrotask(() => joined.catchUp());
      }
      // Hello once subscribed: the answers come on the channel. A link not ready yet subscribes when it is.
      this.subscriber.subscribe(presenceChannel(docId)).then(
        () => this.hello(docId),
        () => undefined,
      );
      this.wake();
    }
    set.add(member);
    return () => {
      set.delete(member);
      if (set.size > 0 || this.members.get(docId) !== set) return;
      this.members.delete(docId);
      const key = updateStreamKey(docId);
      const docs = (this.shardDocs.get(key) ?? 1) - 1;
      if (docs > 0) this.shardDocs.set(key, docs);
      else {
        this.shardDocs.delete(key);
        this.cursors.delete(key);
      }
      void this.subscriber.unsubscribe(presenceChannel(docId)).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopped();
    clearInterval(this.timers.heads);
    clearInterval(this.timers.heartbeat);
    this.wake();
    await this.commands.del(this.wakeKey).catch(() => undefined);
    for (const redis of [this.commands, this.reader, this.subscriber]) redis.disconnect();
    await this.loop;
  }

  private others(docId: string, from: BusMember | null): BusMember[] {
    const set = this.members.get(docId);
    return set ? [...set].filter((member) => member !== from) : [];
  }

  /** Interrupts a blocking read, so a newly opened document is read at once. */
  private wake(): void {
    const resume = this.wakeReader;
    this.wakeReader = null;
    resume?.();
    if (this.commands.status === 'ready') {
      this.commands.xadd(this.wakeKey, 'MAXLEN', '1', '*', 'w', '1').catch(() => undefined);
    }
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      const keys = [...this.cursors.keys()];
      if (keys.length === 0 || this.reader.status !== 'ready') {
        await new Promise<void>((resolve) => {
          this.wakeReader = resolve;
          // Also look again now and then (the reader may have come back without an event we heard).
          setTimeout(resolve, 1_000).unref();
        });
        continue;
      }
      const ids = keys.map((key) => this.cursors.get(key) ?? '$');
      try {
        const read = this.reader.callBuffer(
          'XREAD',
          'COUNT',
          '1000',
          'BLOCK',
          '5000',
          'STREAMS',
          ...keys,
          this.wakeKey,
          ...ids,
          this.wakeCursor,
        );
        const reply: unknown = await Promise.race([read, this.stopping]);
        if (this.closed) break;
        this.deliver(reply);
      } catch (error) {
        if (this.closed) break;
        this.log.debug({ err: error }, 'reading the update streams failed');
        await new Promise((resolve) => setTimeout(resolve, 200).unref());
      }
    }
  }

  /** XREAD's reply (null when nothing came): per stream its key and entries `[id, [field, value, …]]`. */
  private deliver(reply: unknown): void {
    for (const [keyBytes, entries] of streamsOf(reply)) {
      const key = keyBytes.toString();
      if (key === this.wakeKey) {
        const last: unknown = entries.at(-1);
        if (Array.isArray(last) && Buffer.isBuffer(last[0])) this.wakeCursor = last[0].toString();
        continue;
      }
      for (const entry of entries) {
        if (!Array.isArray(entry) || !Buffer.isBuffer(entry[0]) || !Array.isArray(entry[1])) continue;
        const id = entry[0].toString();
        // Only a shard still read moves on (one closed meanwhile must not come back to life).
        if (this.cursors.has(key)) this.cursors.set(key, id);
        const fields = readFields(entry[1]);
        const docId = fields.get('d')?.toString();
        const members = docId === undefined ? undefined : this.members.get(docId);
        if (!members) continue;
        const from = fields.get('i')?.toString();
        const seq = Number(fields.get('s')?.toString());
        const update = fields.get('u');
        if (from === this.instanceId || !update || !Number.isSafeInteger(seq) || seq <= 0) continue;
        const sentAt = Number(id.slice(0, id.indexOf('-')));
        const bytes = new Uint8Array(update.buffer, update.byteOffset, update.byteLength);
        for (const member of members) member.applyRemote(bytes, seq, sentAt);
      }
    }
  }

  private async checkHeads(): Promise<void> {
    const heads = this.opts.updates.heads;
    if (!heads || this.members.size === 0 || this.closed) return;
    try {
      const found = await heads.call(this.opts.updates, [...this.members.keys()]);
      for (const [docId, head] of found) for (const member of this.members.get(docId) ?? []) member.noteHead(head);
    } catch (error) {
      this.log.debug({ err: error }, 'the head check could not read the store');
    }
  }

  private heartbeat(): void {
    if (this.commands.status === 'ready') {
      this.commands.publish(INSTANCES_CHANNEL, this.instanceId).catch(() => undefined);
    }
    const cutoff = Date.now() - (this.opts.instanceTimeoutMs ?? 3_500);
    for (const [instance, heard] of this.lastHeard) {
      if (heard >= cutoff) continue;
      this.lastHeard.delete(instance);
      this.forgetInstance(instance);
    }
  }

  /** An instance fell silent: its connections' carets go everywhere (its clients reconnect elsewhere). */
  private forgetInstance(instance: string): void {
    const docs = this.remoteStates.get(instance);
    this.remoteStates.delete(instance);
    if (!docs) return;
    this.log.info({ instance, documents: docs.size }, 'an instance stopped answering: removing its presence');
    for (const [docId, ids] of docs) {
      for (const member of this.members.get(docId) ?? []) member.removeRemoteAwareness([...ids]);
    }
  }

  private hello(docId: string): void {
    this.sendPresence(docId, PRESENCE_HELLO, new Uint8Array());
  }

  private sendPresence(docId: string, kind: number, payload: Uint8Array): void {
    if (this.commands.status !== 'ready') return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, kind);
    encoding.writeVarString(encoder, this.instanceId);
    encoding.writeVarUint8Array(encoder, payload);
    const message = Buffer.from(encoding.toUint8Array(encoder));
    this.commands.publish(presenceChannel(docId), message).catch(() => undefined);
  }

  private onMessage(channelBytes: Buffer, message: Buffer): void {
    const channel = channelBytes.toString();
    if (channel === INSTANCES_CHANNEL) {
      const instance = message.toString();
      if (instance !== this.instanceId) this.lastHeard.set(instance, Date.now());
      return;
    }
    const docId = channel.slice(CHANNEL_PREFIX.length, channel.length - ':presence'.length);
    try {
      const decoder = decoding.createDecoder(new Uint8Array(message.buffer, message.byteOffset, message.byteLength));
      const kind = decoding.readVarUint(decoder);
      const instance = decoding.readVarString(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (instance === this.instanceId) return;
      this.lastHeard.set(instance, Date.now());
      const members = this.members.get(docId);
      if (!members) return;
      if (kind === PRESENCE_HELLO) {
        for (const member of members) {
          const states = member.localAwareness();
          if (states) this.sendPresence(docId, PRESENCE_UPDATE, states);
        }
        return;
      }
      if (kind === SERVER_MESSAGE) {
        for (const member of members) member.applyRemoteMessage(payload);
        return;
      }
      if (kind !== PRESENCE_UPDATE) return;
      this.trackPresence(instance, docId, payload);
      for (const member of members) member.applyRemoteAwareness(payload);
    } catch (error) {
      // Only instances write here; a malformed message is a bug elsewhere, never a reason to stop.
      this.log.warn({ err: error, docId }, 'ignored a malformed presence message');
    }
  }

  /** Remembers which presence ids an instance relayed (a state of `null` is a removal). */
  private trackPresence(instance: string, docId: string, update: Uint8Array): void {
    let docs = this.remoteStates.get(instance);
    if (!docs) this.remoteStates.set(instance, (docs = new Map()));
    let ids = docs.get(docId);
    if (!ids) docs.set(docId, (ids = new Set()));
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      decoding.readVarUint(decoder);
      const state = decoding.readVarString(decoder);
      if (state === 'null') ids.delete(clientId);
      else ids.add(clientId);
    }
    if (ids.size === 0) docs.delete(docId);
  }
}

/**
 * The streams of an XREAD reply: RESP2 answers `[[key, entries], …]`, RESP3 a map, which the client hands
 * over flat as `[key, entries, key, entries, …]`.
 */
function streamsOf(reply: unknown): Array<[Buffer, unknown[]]> {
  if (!Array.isArray(reply)) return [];
  const list: unknown[] = reply;
  const pairs: Array<[unknown, unknown]> = Buffer.isBuffer(list[0])
    ? Array.from({ length: Math.floor(list.length / 2) }, (_, i) => [list[2 * i], list[2 * i + 1]])
    : list.map((stream) => (Array.isArray(stream) ? [stream[0], stream[1]] : [null, null]));
  return pairs.filter((p): p is [Buffer, unknown[]] => Buffer.isBuffer(p[0]) && Array.isArray(p[1]));
}

function readFields(list: unknown[]): Map<string, Buffer> {
  const fields = new Map<string, Buffer>();
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (Buffer.isBuffer(name) && Buffer.isBuffer(value)) fields.set(name.toString(), value);
  }
  return fields;
}
