import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { COMMENTS_MESSAGE_TYPE } from '@shared/api/comments';
import { isMarkedViewer, isValidAwarenessState } from '@shared/collab/awareness-state';
import { CloseCode } from '@shared/collab/close-codes';
import { CollabLimits, GuardLimits } from '@shared/limits';
import type { AccessRole } from '../../infra/security/access';
import {
  MessageType,
  SyncType,
  decodeAwarenessUpdate,
  encodeAwarenessEntries,
  type AwarenessEntry,
  encodeAwarenessMessage,
  encodeSyncStep2Raw,
} from './protocol';
import type { CollabMeter } from '../../domain/collab/collab-core';
import { report } from './meters';
import { RateLimiter } from './rate-limiter';
import type { CollabLimitsConfig, Peer, RoomPort } from './types';

type Close = { code: number; reason: string };

const SEND_OPTIONS = { binary: true } as const;

/** One client's socket: decodes its frames, enforces its limits, never throws out of a handler. */
export class Connection implements Peer {
  readonly awarenessIds = new Set<number>();
  private room: RoomPort | null = null;
  /** Updates whose dependencies have not arrived yet (this connection's only; never stored or sent). */
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private queue: Uint8Array[] | null = [];
  private readonly messages: RateLimiter;
  private readonly awarenessRate: RateLimiter;
  private readonly raw: Duplex | null;
  /**
   * The stored state sent before the room was loaded (`sendStoredState`); once the room is there (or
   * after any sync answer), the state vector the client holds at least. Sync answers leave out what it
   * already has.
   */
  private sentStored = false;
  private holds: Map<number, number> | null = null;
  private isAlive = true;
  private isClosed = false;
  /** Presence ids another connection holds that this one claimed: the newest entry each, while that one is probed. */
  private contested: Map<number, AwarenessEntry> | null = null;

  constructor(
    private readonly ws: WebSocket,
    readonly docId: string,
    readonly role: AccessRole,
    private readonly limits: CollabLimitsConfig,
    private readonly log: FastifyBaseLogger,
    private readonly onGone: (conn: Connection) => void,
    /** The socket under `ws` (the upgraded request's), for frames built once per broadcast; none: ws.send. */
    raw?: Duplex,
    private readonly meters: readonly CollabMeter[] = [],
  ) {
    // A negotiated extension (compression) frames differently: then every message goes through ws.
    this.raw = raw && ws.extensions === '' ? raw : null;
    this.messages = new RateLimiter(limits.messagesPerSecond, limits.messageBurst);
    this.awarenessRate = new RateLimiter(limits.awarenessPerSecond, limits.awarenessPerSecond * 2);
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.gone());
    ws.on('error', (err) => {
      this.log.debug({ err, docId }, 'socket error');
      this.gone();
    });
    ws.on('pong', () => {
      this.isAlive = true;
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  get readOnly(): boolean {
    return this.role === 'viewer';
  }

  /**
   * Sends the document's stored state as the answer to a sync request still to come: the client said it
   * starts empty, and the store holds one state already checked against the document model, so the client
   * need not wait for the room to load it. Later answers leave out what this sent (see attach).
   */
  sendStoredState(state: Uint8Array): void {
    if (this.room || this.sentStored) return;
    this.sentStored = true;
    this.send(encodeSyncStep2Raw(state));
  }

  /** Called once the room is loaded: greet, then replay what arrived meanwhile. */
  attach(room: RoomPort): void {
    this.room = room;
    if (this.sentStored && room.loadedStateVector) this.holds = Y.decodeStateVector(room.loadedStateVector);
    this.send(room.sync.step1Message());
    if (room.awareness.states.size > 0) {
      this.send(encodeAwarenessMessage(room.awareness, [...room.awareness.states.keys()]));
    }
    const queued = this.queue ?? [];
    this.queue = null;
    for (const message of queued) {
      if (this.closed) return;
      this.handle(message);
    }
  }

  send(message: Uint8Array): void {
    // No per-send callback: failures surface as 'error'/'close' events, and callbacks cost in big rooms.
    if (this.writable()) this.ws.send(message, SEND_OPTIONS);
  }

  /**
   * Sends `message` whose frame (binary-frame.ts, built by ws's `Sender.frame`) the caller built once for
   * many connections. ws has no public call that sends a frame already built, so it is written to the
   * upgraded socket under `ws`: without an extension ws's sender writes there at once, in call order (it
   * queues only while compressing or reading a Blob), and `bufferedAmount` counts these bytes too.
   */
  sendFrame(frame: Buffer, message: Uint8Array): void {
    if (!this.raw) this.send(message);
    else if (this.writable() && this.raw.writable) this.raw.write(frame);
  }

  private writable(): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > CollabLimits.maxBufferedBytes) {
      this.log.warn({ docId: this.docId }, 'dropping a peer that does not read');
      this.ws.terminate();
      this.gone();
      return false;
    }
    return true;
  }

  close(close: Close): void {
    if (this.closed) return;
    try {
      this.ws.close(close.code, close.reason);
    } catch {
      this.ws.terminate();
    }
    this.gone();
  }

  ping(): void {
    if (!this.isAlive) {
      this.ws.terminate();
      this.gone();
      return;
    }
    this.isAlive = false;
    try {
      this.ws.ping();
    } catch {
      this.gone();
    }
  }

  probe(timeoutMs: number): Promise<boolean> {
    if (this.isClosed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const answered = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.ws.off('pong', answered);
        this.ws.terminate();
        this.gone();
        resolve(false);
      }, timeoutMs);
      this.ws.once('pong', answered);
      try {
        this.ws.ping();
      } catch {
        clearTimeout(timer);
        this.ws.off('pong', answered);
        this.gone();
        resolve(false);
      }
    });
  }

  private gone(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.queue = null;
    this.onGone(this);
  }

  private onFrame(data: unknown, isBinary: boolean): void {
    if (this.closed) return;
    if (!isBinary || !Buffer.isBuffer(data)) {
      this.refuse(CloseCode.MALFORMED_MESSAGE, 'text frame');
      return;
    }
    if (!this.messages.take()) {
      this.refuse(CloseCode.RATE_LIMITED, 'message rate');
      return;
    }
    const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (this.queue) {
      if (this.queue.length >= CollabLimits.maxQueuedBeforeReady)
        this.refuse(CloseCode.RATE_LIMITED, 'queue while loading');
      else this.queue.push(message);
      return;
    }
    this.handle(message);
  }

  private handle(message: Uint8Array): void {
    const room = this.room;
    if (!room) return;
    try {
      const decoder = decoding.createDecoder(message);
      const type = decoding.readVarUint(decoder);
      switch (type) {
        case MessageType.sync:
          this.handleSync(room, decoder);
          break;
        case MessageType.awareness:
          this.handleAwareness(room, decoding.readVarUint8Array(decoder));
          break;
        case MessageType.queryAwareness:
          this.send(encodeAwarenessMessage(room.awareness, [...room.awareness.states.keys()]));
          break;
        case MessageType.auth:
          break;
        case COMMENTS_MESSAGE_TYPE:
          // The server alone sends comments frames: a client's would be a forged event (never relayed).
          this.refuse(CloseCode.MALFORMED_MESSAGE, 'comments frames come from the server');
          break;
        default:
          this.refuse(CloseCode.MALFORMED_MESSAGE, `unknown message type ${type}`);
      }
    } catch (err) {
      this.refuse(CloseCode.MALFORMED_MESSAGE, err instanceof Error ? err.message : 'decode error');
    }
  }

  private handleSync(room: RoomPort, decoder: decoding.Decoder): void {
    const syncType = decoding.readVarUint(decoder);
    if (syncType === SyncType.step1) {
      const asked = decoding.readVarUint8Array(decoder);
      // Validates the vector before the (deferred) reply uses it.
      const clientHas = Y.decodeStateVector(asked);
      const has = this.holds ? highest(clientHas, this.holds) : clientHas;
      const stateVector = this.holds ? Y.encodeStateVector(has) : asked;
      // Answer only with what is already durable, so nobody sees an edit a crash could lose.
      room.whenCommitted(() => {
        if (this.closed) return;
        this.send(room.sync.step2Message(has, stateVector));
        // The client now holds all of this (a socket delivers in order): a later request from it (a
        // provider asking again before it has applied this answer) gets only what it lacks beyond that.
        this.holds = highest(this.holds ?? new Map(), room.sync.stateVector());
      });
      return;
    }
    if (syncType !== SyncType.step2 && syncType !== SyncType.update) {
      this.refuse(CloseCode.MALFORMED_MESSAGE, `unknown sync type ${syncType}`);
      return;
    }
    const update = decoding.readVarUint8Array(decoder);
    if (this.readOnly) {
      // A viewer's step 2 that adds nothing (it only echoes what the server has) is harmless.
      if (syncType === SyncType.step2 && Y.snapshotContainsUpdate(room.sync.snapshot(), update)) return;
      this.refuse(CloseCode.READ_ONLY, 'update from a read-only connection');
      return;
    }
    // Checked before the model guard and before holding: a commenter's update never waits for anything.
    if (this.role === 'commenter' && !room.guard.onlyComments(update)) {
      this.refuse(CloseCode.INVALID_UPDATE, 'a commenter link may only add or remove comments');
      return;
    }
    this.receiveUpdate(room, update);
  }

  /**
   * Checks an update against the document model before anything else sees it. One that references what
   * the server does not have yet is held here (never applied, stored or relayed) until the rest arrives.
   */
  private receiveUpdate(room: RoomPort, update: Uint8Array): void {
    const candidate = this.held.length > 0 ? Y.mergeUpdates([...this.held, update]) : update;
    const verdict = room.guard.check(candidate);
    if (!verdict.ok && verdict.kind === 'missing') {
      this.held.push(update);
      this.heldBytes += update.byteLength;
      if (this.held.length > GuardLimits.maxHeldUpdates || this.heldBytes > GuardLimits.maxHeldBytes) {
        this.refuse(CloseCode.MISSING_DEPENDENCIES, 'held updates over budget');
      }
      return;
    }
    if (!verdict.ok) {
      if (verdict.kind === 'malformed') this.refuse(CloseCode.MALFORMED_MESSAGE, 'update cannot be decoded');
      else this.refuse(CloseCode.INVALID_UPDATE, verdict.detail);
      return;
    }
    if (room.wouldExceedSize(candidate.byteLength)) {
      this.refuse(CloseCode.DOC_TOO_LARGE, 'document size');
      return;
    }
    if (room.guard.exceedsCounters(candidate, verdict)) {
      this.refuse(CloseCode.COUNTER_LIMIT, 'character or word limit');
      return;
    }
    this.held = [];
    this.heldBytes = 0;
    room.applyFrom(this, candidate, verdict.exact === true);
    if (!room.guard.enabled) {
      const pending = room.doc.store.pendingStructs;
      if (pending && pending.update.byteLength > this.limits.maxMessageBytes) {
        this.refuse(CloseCode.MALFORMED_MESSAGE, 'too many pending structs');
      }
    }
  }

  private handleAwareness(room: RoomPort, update: Uint8Array): void {
    if (update.byteLength > this.limits.maxAwarenessBytes) {
      this.refuse(CloseCode.AWARENESS_REFUSED, 'awareness too large');
      return;
    }
    if (!this.awarenessRate.take()) {
      this.refuse(CloseCode.RATE_LIMITED, 'awareness rate');
      return;
    }
    const entries = decodeAwarenessUpdate(update, CollabLimits.maxAwarenessDepth);
    // All states first: one that other clients' caret plugins cannot render refuses the whole message.
    if (!entries.every((entry) => entry.state === null || isValidAwarenessState(entry.state))) {
      this.refuse(CloseCode.AWARENESS_INVALID, 'awareness state of an unknown shape');
      return;
    }
    // Only the viewer's own states must carry the mark: its provider also echoes the editors' states.
    const ownUnmarked = (entry: AwarenessEntry): boolean => {
      // Every state passed the shape check above; this narrows the type.
      if (entry.state === null || !isValidAwarenessState(entry.state) || isMarkedViewer(entry.state)) return false;
      const owner = room.awarenessOwner(entry.clientId);
      if (owner === this) return true;
      const known = room.awareness.meta.get(entry.clientId);
      return owner === undefined && (known === undefined || entry.clock > known.clock);
    };
    if (this.readOnly && entries.some(ownUnmarked)) {
      this.refuse(CloseCode.AWARENESS_INVALID, 'viewer awareness state without the viewer mark');
      return;
    }
    const accepted: AwarenessEntry[] = [];
    for (const entry of entries) {
      const owner = room.awarenessOwner(entry.clientId);
      if (owner === this) {
        accepted.push(entry);
        continue;
      }
      // y-websocket providers echo every state they receive; an entry that is not newer is an echo.
      const known = room.awareness.meta.get(entry.clientId);
      if (known !== undefined && entry.clock <= known.clock) continue;
      if (owner !== undefined) {
        // Removing another connection's presence is never allowed.
        if (entry.state === null) {
          this.refuse(CloseCode.AWARENESS_REFUSED, 'awareness for a client id of another connection');
          return;
        }
        // Either an author back after a network loss whose old socket the server still holds, or a peer
        // taking someone else's presence: the holder decides by answering a ping.
        this.contest(room, owner, entry);
        continue;
      }
      if (entry.state === null) continue;
      if (this.awarenessIds.size >= CollabLimits.maxAwarenessClientsPerConnection) {
        this.refuse(CloseCode.AWARENESS_REFUSED, 'too many awareness client ids');
        return;
      }
      this.awarenessIds.add(entry.clientId);
      room.claimAwareness(entry.clientId, this);
      accepted.push(entry);
    }
    if (accepted.length > 0) {
      awarenessProtocol.applyAwarenessUpdate(room.awareness, encodeAwarenessEntries(accepted), this);
    }
  }

  /**
   * A newer state for a presence id another connection holds: that connection is probed. A holder that
   * answers keeps the id and this connection is refused as before; one that does not is dropped (its
   * presence goes) and this connection takes the id with its newest state.
   */
  private contest(room: RoomPort, holder: Peer, entry: AwarenessEntry): void {
    const pending = this.contested;
    if (pending) {
      pending.set(entry.clientId, entry);
      return;
    }
    this.contested = new Map([[entry.clientId, entry]]);
    void holder.probe(CollabLimits.contestedProbeMs).then((alive) => {
      const entries = [...(this.contested?.values() ?? [])];
      this.contested = null;
      if (this.closed) return;
      if (alive) {
        this.refuse(CloseCode.AWARENESS_REFUSED, 'awareness for a client id of another connection');
        return;
      }
      const taken = entries.filter((e) => {
        if (room.awarenessOwner(e.clientId) !== undefined) return false;
        const known = room.awareness.meta.get(e.clientId);
        if (known !== undefined && e.clock <= known.clock) return false;
        if (this.awarenessIds.size >= CollabLimits.maxAwarenessClientsPerConnection) return false;
        this.awarenessIds.add(e.clientId);
        room.claimAwareness(e.clientId, this);
        return true;
      });
      if (taken.length > 0) {
        awarenessProtocol.applyAwarenessUpdate(room.awareness, encodeAwarenessEntries(taken), this);
      }
    });
  }

  private refuse(close: Close, detail: string): void {
    this.log.info({ docId: this.docId, closeCode: close.code, detail }, 'closing collaboration connection');
    report(this.meters, 'refused', close.code);
    this.close(close);
  }
}

/** Per client, the higher of two clocks: what a peer holds when it holds both states. */
function highest(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): Map<number, number> {
  const out = new Map(a);
  for (const [client, clock] of b) out.set(client, Math.max(clock, out.get(client) ?? 0));
  return out;
}
