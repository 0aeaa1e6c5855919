/**
 * Which of a document's sequence numbers (PostgreSQL's gapless per-document numbering) a room holds:
 * every number up to `through`, and some above it (its own commits, relayed updates that came early).
 * A number missing below the highest one known is a gap, repaired from the store.
 */
export class SequenceWindow {
  private done = 0;
  private readonly above = new Set<number>();
  private known = 0;

  constructor(head = 0) {
    this.done = head;
    this.known = head;
  }

  /** Every number up to this one is in the room. */
  get through(): number {
    return this.done;
  }

  /** Whether a number the store handed out is missing from the room. */
  get hasGap(): boolean {
    return this.known > this.done;
  }

  has(seq: number): boolean {
    return seq <= this.done || this.above.has(seq);
  }

  /** The room now holds `seq` (its own commit, or a relayed update it applied). */
  add(seq: number): void {
    if (this.has(seq)) return;
    this.above.add(seq);
    this.note(seq);
    while (this.above.delete(this.done + 1)) this.done++;
  }

  /** The store's head is at least `head` (a relayed number, a head check). */
  note(head: number): void {
    if (head > this.known) this.known = head;
  }

  /** The room holds every number up to `seq` (a backfill read the store up to it). */
  coverThrough(seq: number): void {
    if (seq <= this.done) return;
    this.done = seq;
    this.note(seq);
    for (const n of this.above) if (n <= seq) this.above.delete(n);
    while (this.above.delete(this.done + 1)) this.done++;
  }
}
