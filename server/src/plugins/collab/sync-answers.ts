import * as Y from 'yjs';
import { encodeSyncStep1Raw, encodeSyncStep2Raw } from './protocol';

/**
 * One room's encoded sync answers, kept between changes of its document (issue 29): every client that
 * joins asks for the same state vector and, when it starts empty, the same full state. Encoding those
 * walks the whole document, so they are encoded once per change instead of once per request.
 * `invalidate` runs after every transaction of the document.
 */
export class SyncAnswers {
  private step1: Uint8Array | null = null;
  private vector: ReadonlyMap<number, number> | null = null;
  private full: Uint8Array | null = null;
  /** The answer to a client that holds everything (an update with no structs and the delete set). */
  private upToDate: Uint8Array | null = null;
  private snap: Y.Snapshot | null = null;

  constructor(private readonly doc: Y.Doc) {}

  invalidate(): void {
    this.step1 = null;
    this.vector = null;
    this.full = null;
    this.upToDate = null;
    this.snap = null;
  }

  /** The document's snapshot (its delete set walks every struct; shared: never change it). */
  snapshot(): Y.Snapshot {
    return (this.snap ??= Y.snapshot(this.doc));
  }

  /** Sync step 1 carrying the document's state vector. */
  step1Message(): Uint8Array {
    return (this.step1 ??= encodeSyncStep1Raw(Y.encodeStateVector(this.doc)));
  }

  /** The document's state vector, decoded (shared: never change it). */
  stateVector(): ReadonlyMap<number, number> {
    return (this.vector ??= Y.decodeStateVector(Y.encodeStateVector(this.doc)));
  }

  /**
   * Sync step 2 for a client that holds `has` (`encoded` is the same vector as sent): what it lacks,
   * from the cache when it holds nothing or everything.
   */
  step2Message(has: ReadonlyMap<number, number>, encoded: Uint8Array): Uint8Array {
    if (has.size === 0) return (this.full ??= encodeSyncStep2Raw(Y.encodeStateAsUpdate(this.doc)));
    if (covers(has, this.stateVector())) {
      return (this.upToDate ??= encodeSyncStep2Raw(Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(this.doc))));
    }
    return encodeSyncStep2Raw(Y.encodeStateAsUpdate(this.doc, encoded));
  }
}

/** Whether a client holding `has` has every clock of `doc` (the vector of the document). */
function covers(has: ReadonlyMap<number, number>, doc: ReadonlyMap<number, number>): boolean {
  for (const [client, clock] of doc) if ((has.get(client) ?? 0) < clock) return false;
  return true;
}
