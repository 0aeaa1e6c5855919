import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { UpdateStore } from '../../infra/storage/store';
import type { GuardConfig } from './room-guard';

export type CollabLimitsConfig = ServerConfig['collab'];

/**
 * Hooks other concerns register on the collaboration core (shaped like Hocuspocus extensions).
 * A later Redis relay uses onChange to publish and `Room.applyRemoteUpdate` to receive.
 */
export interface CollabHooks {
  /** After a document was loaded from the store (its Y.Doc is complete). */
  onLoad?(room: RoomHandle): void | Promise<void>;
  /** After an update was durably stored, before it is broadcast. */
  onChange?(room: RoomHandle, update: Uint8Array): void;
  /** Before a document leaves memory (after its last store). */
  onUnload?(room: RoomHandle): void | Promise<void>;
}

export interface RoomHandle {
  readonly docId: string;
  readonly doc: import('yjs').Doc;
}

export interface CollabDeps {
  updates: UpdateStore;
  limits: CollabLimitsConfig;
  log: FastifyBaseLogger;
  hooks: CollabHooks[];
  /** The document model check of every update, and the counter limits. */
  guard: GuardConfig;
}
