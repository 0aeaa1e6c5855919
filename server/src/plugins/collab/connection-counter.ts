import type { ConnectionCounter } from '../../domain/collab/collab-core';

/**
 * The default count of a document's connections: its room's in this process, answered at once. With
 * several instances the Redis bus plugin hands the core a counter that covers all of them.
 */
export const roomConnectionCounter: ConnectionCounter = {
  admit: (_docId, local, max) => local < max,
  release: () => undefined,
};
