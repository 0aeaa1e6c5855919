/**
 * Retries an assertion until it passes or the time is up (no fixed sleeps in tests). The default budget is a
 * busy CI machine's slowest honest wait (a PostgreSQL-backed save under full load took over 5 s), not a speed check.
 */
export async function retryUntil<T>(fn: () => T | Promise<T>, timeoutMs = 15_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
