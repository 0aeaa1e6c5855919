/** How long a regular expression may take over the whole document before it is refused as too slow. */
export const REGEX_VET_MS = 500;

/** How long a worker may take to start before the pattern is refused all the same (it would run unchecked). */
export const REGEX_VET_START_MS = 10_000;

/**
 * Whether `regex` searches `texts` within REGEX_VET_MS, tried in a worker that is terminated when it takes
 * longer (JavaScript cannot interrupt a regular expression on the main thread). Only then does the page run
 * it itself. The budget counts from when the worker starts searching: starting a worker (fetching and
 * compiling its module) can itself take longer than the budget on a busy machine, and a fast pattern must
 * not be refused for that. Without workers (tests, old browsers) every pattern is trusted.
 */
export function vetRegex(regex: RegExp, texts: readonly string[], budgetMs = REGEX_VET_MS): Promise<boolean> {
  if (typeof Worker === 'undefined') return Promise.resolve(true);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./regex-vet.worker.ts', import.meta.url), { type: 'module' });
    const finish = (fast: boolean): void => {
      clearTimeout(timer);
      worker.terminate();
      resolve(fast);
    };
    let timer = setTimeout(() => finish(false), REGEX_VET_START_MS);
    worker.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data !== 'started') {
        finish(true);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), budgetMs);
    };
    // A worker that cannot start (blocked by a policy) must not block searching.
    worker.onerror = () => finish(true);
    worker.postMessage({ source: regex.source, flags: regex.flags, texts });
  });
}
