import { registerEnglish } from '../../../i18n/register-english';
import { whenIdle } from './idle';

/** English strings a chunk brings (namespace → strings), under the capability's or part's prefix. */
export type EnglishStrings = Record<string, Record<string, unknown>>;

/** What a lazily loaded module may export besides its code: its English strings (German is in its own chunk). */
export interface ChunkModule {
  strings?: EnglishStrings;
}

/** A module fetched once, on demand, with retries; see `chunk`. */
export interface Chunk<M> {
  /** Starts (or joins) the fetch; a failure rejects, and the next call tries again. */
  load: () => Promise<M>;
  /** The module once it is there, else null. */
  loaded: () => M | null;
  /** Starts the fetch early (hover, a popup about to open); a failure is left for the real load. */
  preload: () => Promise<void>;
  /** Starts the fetch once the author pauses (idle.ts); returns what cancels that. */
  preloadWhenIdle: () => () => void;
}

// Fetches not yet settled: a unit test waits for them before its module graph goes (settleFetches).
const inFlight = new Set<Promise<unknown>>();

/** Counts `fetch` among the pending fetches until it settles; returns it unchanged. */
export function trackFetch<T>(fetch: Promise<T>): Promise<T> {
  inFlight.add(fetch);
  const done = (): void => void inFlight.delete(fetch);
  fetch.then(done, done);
  return fetch;
}

/** Resolves once no fetch started by `loadOnce` or `trackFetch` is pending, including those the settled ones started. */
export async function settleFetches(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * A value fetched once: `load()` starts (or joins) the fetch, `loaded()` is the value once it is there.
 * A failed fetch is forgotten, so the next `load()` tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | null } {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load: () => {
      pending ??= trackFetch(load()).then(
        (v) => (value = v),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/** The script a failed `import()` asked for, as browsers name it in the error message. */
function failedScriptUrl(error: unknown): string | null {
  const match = /(https?:\/\/[^\s'"?#]+\.m?js)/.exec(error instanceof Error ? error.message : String(error));
  return match?.[1] ?? null;
}

/**
 * An `import()` that can be tried again. Browsers remember a module that failed to load and fail every
 * later `import()` of the same URL at once, so a retry asks for the same file under a fresh query.
 */
export function retryableImport<M>(load: () => Promise<M>): () => Promise<M> {
  let failedUrl: string | null = null;
  let attempt = 0;
  return () => {
    attempt += 1;
    const next = failedUrl ? (import(/* @vite-ignore */ `${failedUrl}?retry=${attempt}`) as Promise<M>) : load();
    return next.catch((error: unknown) => {
      failedUrl = failedScriptUrl(error) ?? failedUrl;
      throw error;
    });
  };
}

/**
 * The one way to load code on demand (STYLE: heavy code is not in the first load). `load` is a single
 * `import()`; the chunk is fetched once, a failed fetch is retried under a fresh URL on the next call,
 * and the English strings the module exports (`strings`) are added before anyone gets the module.
 */
export function chunk<M extends object>(load: () => Promise<M>): Chunk<M> {
  // One importer per chunk: it remembers the URL that failed, so the next load asks under a fresh query.
  const importer = retryableImport(load);
  const once = loadOnce(() =>
    importer().then((module) => {
      const { strings } = module as ChunkModule;
      if (strings) registerEnglish(strings);
      return module;
    }),
  );
  const preload = (): Promise<void> =>
    once.load().then(
      () => undefined,
      () => undefined,
    );
  return { ...once, preload, preloadWhenIdle: () => whenIdle(() => void preload()) };
}
