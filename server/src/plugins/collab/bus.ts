import type { BusMember, CollabBus } from '../../domain/collab/collab-core';

/**
 * The default bus: links the rooms of one process (one room per document in a server, so it only
 * delivers when several cores share it, as tests do). The Redis bus (plugins/redis-bus) implements the
 * same interface between processes.
 */
export class InProcessBus implements CollabBus {
  private readonly members = new Map<string, Set<BusMember>>();

  publishUpdate(docId: string, update: Uint8Array, from: BusMember, seq?: number): void {
    for (const member of this.others(docId, from)) member.applyRemote(update, seq);
  }

  publishAwareness(docId: string, update: Uint8Array, from: BusMember): void {
    for (const member of this.others(docId, from)) member.applyRemoteAwareness(update);
  }

  publishMessage(docId: string, message: Uint8Array, from: BusMember | null): void {
    for (const member of this.others(docId, from)) member.applyRemoteMessage(message);
  }

  subscribe(docId: string, member: BusMember): () => void {
    const set = this.members.get(docId) ?? new Set<BusMember>();
    this.members.set(docId, set);
    set.add(member);
    return () => {
      set.delete(member);
      if (set.size === 0 && this.members.get(docId) === set) this.members.delete(docId);
    };
  }

  private others(docId: string, from: BusMember | null): BusMember[] {
    const set = this.members.get(docId);
    if (!set || (from !== null && set.size < 2)) return [];
    return [...set].filter((member) => member !== from);
  }
}
