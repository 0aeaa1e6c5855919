import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Awareness } from 'y-protocols/awareness';
import type { AccessRole } from '../../infra/security/access';
import type { UpdateStore } from '../../infra/storage/store';
import type { GuardConfig } from './room-guard';

export type CollabLimitsConfig = ServerConfig['collab'];

/**
 * Hooks other concerns register on the collaboration core (shaped like Hocuspocus extensions).
 * A later Redis relay uses onChange to publish and `Room.applyRemoteUpdate` to receive.
 */
export interface CollabHooks {
  /** Names the hooks in logs (the plugin that registered them). */
  name?: string;
  /** After a document was loaded from the store (its Y.Doc is complete). */
  onLoad?(room: RoomHandle): void | Promise<void>;
  /**
   * After an update was durably stored, before it is broadcast. `origins`: the connections whose edits it
   * holds (none for the server's own changes).
   */
  onChange?(room: RoomHandle, update: Uint8Array, origins: readonly ConnectionHandle[]): void;
  /** After a connection left an open document (it is no longer in `room.conns`). */
  onLeave?(room: RoomHandle, conn: ConnectionHandle): void;
  /** Before a document leaves memory (after its last store). */
  onUnload?(room: RoomHandle): void | Promise<void>;
}

export interface RoomHandle {
  readonly docId: string;
  readonly doc: import('yjs').Doc;
  readonly awareness: Awareness;
  readonly conns: ReadonlySet<ConnectionHandle>;
}

/** A client connection as hooks see it. */
export interface ConnectionHandle {
  readonly role: AccessRole;
  /** Awareness client ids this connection controls. */
  readonly awarenessIds: ReadonlySet<number>;
}

export interface CollabDeps {
  updates: UpdateStore;
  limits: CollabLimitsConfig;
  log: FastifyBaseLogger;
  hooks: CollabHooks[];
  /** The document model check of every update, and the counter limits. */
  guard: GuardConfig;
}
