/**
 * Fixed-window counters per key: at most `limit` hits per `windowMs` and key. Keys are kept in the
 * order their window started, so expired windows are dropped from the front on every hit; beyond
 * `maxKeys` the oldest live window is forgotten too (memory stays bounded whatever the key count).
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`: 0 when it is within the limit, else the milliseconds until its window ends. */
  hit(key: string): number {
    const t = this.now();
    this.dropExpired(t);
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= this.maxKeys) this.dropOldest();
      window = { count: 0, resetAt: t + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit ? 0 : window.resetAt - t;
  }

  /** Keys currently tracked (tests, stats). */
  get size(): number {
    return this.windows.size;
  }

  private dropExpired(t: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt > t) return;
      this.windows.delete(key);
    }
  }

  private dropOldest(): void {
    const first = this.windows.keys().next();
    if (!first.done) this.windows.delete(first.value);
  }
}
