import type { ListItemPresence } from '@shared/api/lists';
import { CollabLimits, ListLimits } from '@shared/limits';
import type { CollabHooks, OpenDocument } from '../../domain/collab/collab-core';

/**
 * Who is in each open document now, read from the presence (awareness) the collaboration core keeps: the
 * documents are remembered as they load and forgotten as they unload, so asking never loads one.
 */
export class PresenceTracker {
  private readonly open = new Map<string, OpenDocument>();

  hooks(): CollabHooks {
    return {
      name: 'lists-presence',
      onLoad: ({ docId, document }) => {
        this.open.set(docId, document);
      },
      onUnload: ({ docId, document }) => {
        if (this.open.get(docId) === document) this.open.delete(docId);
      },
    };
  }

  /**
   * Who is in the document now, from the presence states that carry a user (other processes' too): `count`
   * distinct names (one person with two tabs counts once), `names` the first `ListLimits.maxPresentNames`.
   */
  presenceOf(docId: string): ListItemPresence {
    const document = this.open.get(docId);
    if (!document?.isOpen) return { count: 0, names: [] };
    const names = new Set<string>();
    for (const state of document.awareness.getStates().values()) {
      const name: unknown = (state as { user?: { name?: unknown } }).user?.name;
      if (typeof name !== 'string') continue;
      const clean = name.trim().slice(0, CollabLimits.maxAwarenessNameChars);
      if (clean) names.add(clean);
    }
    return { count: names.size, names: [...names].slice(0, ListLimits.maxPresentNames) };
  }
}
