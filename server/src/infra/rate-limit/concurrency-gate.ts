/** At most `limit` holders at once; a caller that finds it full is refused, not queued. */
export class ConcurrencyGate {
  private active = 0;

  constructor(private readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  /** A release function (idempotent) when there was room, else null. */
  tryEnter(): (() => void) | null {
    if (this.active >= this.limit) return null;
    this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
    };
  }
}
