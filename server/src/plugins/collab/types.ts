import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { UpdateStore } from '../../infra/storage/store';
import type {
  CloseReason,
  CollabBus,
  CollabConnection,
  CollabHooks,
  CollabMeter,
  ConnectionCounter,
} from '../../domain/collab/collab-core';
import type { GuardConfig, RoomGuard } from './room-guard';
import type { SyncAnswers } from './sync-answers';

export type CollabLimitsConfig = ServerConfig['collab'];

/*
 * The core's own contracts. Other plugins use `domain/collab/collab-core.ts` (hooks, `app.collab`); a
 * Redis relay implements its CollabBus and rooms receive through `applyRemote`. Rooms and connections
 * know each other only through the two interfaces below.
 */

/** What a room needs of a client connection. */
export interface Peer extends CollabConnection {
  /** Sends a message whose WebSocket frame (binary-frame.ts) was built once for every peer. */
  sendFrame(frame: Buffer, message: Uint8Array): void;
  close(close: CloseReason): void;
  /** Pings, or drops the peer that did not answer the last ping. */
  ping(): void;
  /**
   * Pings now: resolves true when the peer answers within `timeoutMs`; otherwise drops it (its socket is
   * dead, e.g. a network that vanished without a close) and resolves false.
   */
  probe(timeoutMs: number): Promise<boolean>;
}

/** What a connection needs of its room. */
export interface RoomPort {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  readonly guard: RoomGuard;
  /** The document's sync answers, encoded once per change. */
  readonly sync: SyncAnswers;
  /** The state vector of what was stored when the room was loaded (before its load-time repair). */
  readonly loadedStateVector: Uint8Array | null;
  /** Applies a peer's checked update; `exact`: it integrates exactly as it is (see Room.applyFrom). */
  applyFrom(peer: Peer, update: Uint8Array, exact: boolean): void;
  /** Runs `fn` once every update applied so far is durably stored. */
  whenCommitted(fn: () => void): void;
  /** Would this update push the stored document past its size limit? */
  wouldExceedSize(updateBytes: number): boolean;
  /** The peer that controls an awareness client id. */
  awarenessOwner(clientId: number): Peer | undefined;
  /** Gives `peer` control of an awareness client id. */
  claimAwareness(clientId: number, peer: Peer): void;
}

export interface CollabDeps {
  updates: UpdateStore;
  limits: CollabLimitsConfig;
  log: FastifyBaseLogger;
  hooks: CollabHooks[];
  /** Operators' figures (commits, refusals); empty unless a metrics plugin registered one. */
  meters: CollabMeter[];
  bus: CollabBus;
  /** Counts each document's connections for its cap (this process's rooms by default). */
  connections: ConnectionCounter;
  /** The document model check of every update, and the counter limits. */
  guard: GuardConfig;
}
