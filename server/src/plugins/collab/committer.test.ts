import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStore } from '../../infra/storage/store';
import { Committer, GROUP_FLUSH_MS, type Committable, type PendingWork } from './committer';

const log = pino({ level: 'silent' });

/** A store that records each group commit's documents. */
function recordingStore(groups: string[][]): UpdateStore {
  return {
    load: () => Promise.resolve({ updates: [], bytes: 0, checkedAs: null }),
    append: (batch) => {
      groups.push(batch.map((b) => b.docId));
      return Promise.resolve(null);
    },
    compact: () => Promise.resolve(),
  };
}

/** A room with one update waiting each time it is scheduled; records when it was broadcast. */
function room(docId: string, broadcasts: string[]): Committable & { add(): void } {
  let waiting = 0;
  return {
    docId,
    closed: false,
    compactRequested: false,
    add() {
      waiting++;
    },
    takePending(): PendingWork | null {
      if (waiting === 0) return null;
      waiting = 0;
      return { room: this, update: new Uint8Array([0, 0]), origins: new Set(), waiters: [] };
    },
    committed: () => void broadcasts.push(docId),
    failStorage: () => undefined,
    compactNow: () => Promise.resolve(),
  };
}

const microtasks = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.restoreAllMocks());

describe('Committer', () => {
  it('commits the rooms of one event-loop turn as one group at its end', async () => {
    const groups: string[][] = [];
    const broadcasts: string[] = [];
    const committer = new Committer(recordingStore(groups), log);
    const [a, b] = [room('a', broadcasts), room('b', broadcasts)];
    a.add();
    committer.schedule(a);
    b.add();
    committer.schedule(b);
    await microtasks();
    expect(groups).toEqual([]);
    await nextTurn();
    await committer.drain();
    expect(groups).toEqual([['a', 'b']]);
    expect(broadcasts).toEqual(['a', 'b']);
  });

  it('commits a group right after the current message once its first update waited GROUP_FLUSH_MS', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const groups: string[][] = [];
    const broadcasts: string[] = [];
    const committer = new Committer(recordingStore(groups), log);
    const [a, b, c] = [room('a', broadcasts), room('b', broadcasts), room('c', broadcasts)];
    a.add();
    committer.schedule(a);
    now += GROUP_FLUSH_MS - 0.5;
    b.add();
    committer.schedule(b);
    await microtasks();
    // Still within the limit: the group waits for the turn to end.
    expect(groups).toEqual([]);
    now += 1;
    c.add();
    committer.schedule(c);
    // A long turn (many readable sockets): stored and broadcast before the next socket's message.
    await microtasks();
    expect(groups).toEqual([['a', 'b', 'c']]);
    expect(broadcasts).toEqual(['a', 'b', 'c']);
    // The turn's end finds nothing left; a later update starts a new group.
    await nextTurn();
    a.add();
    committer.schedule(a);
    await nextTurn();
    await committer.drain();
    expect(groups).toEqual([['a', 'b', 'c'], ['a']]);
  });

  it('lets a group in which a room got a second update wait for the turn to end (one broadcast)', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const groups: string[][] = [];
    const committer = new Committer(recordingStore(groups), log);
    const [big, other] = [room('big', []), room('other', [])];
    big.add();
    committer.schedule(big);
    big.add();
    committer.schedule(big);
    now += GROUP_FLUSH_MS + 5;
    other.add();
    committer.schedule(other);
    await microtasks();
    expect(groups).toEqual([]);
    await nextTurn();
    await committer.drain();
    expect(groups).toEqual([['big', 'other']]);
  });
});
