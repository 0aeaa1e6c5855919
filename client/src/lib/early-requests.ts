// No imports here: the boot script uses this before the app's code has arrived.

/** GET requests the boot script started, by path and token, each waiting for the app to claim it. */
const started = new Map<string, Promise<Response>>();

const keyOf = (path: string, token: string | undefined): string => `${token ?? ''} ${path}`;

/**
 * Starts a GET the app will make as soon as its code runs (the configuration, the document's metadata):
 * its answer then arrives while the app's code downloads instead of after it.
 */
export function prefetch(path: string, token?: string): void {
  const key = keyOf(path, token);
  if (started.has(key)) return;
  // The one fetch outside api-client, on purpose: it runs in the boot script before api-client has
  // arrived; api-client's apiFetch claims the response and applies the one error model to it.
  const response = fetch(path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);
  // Unclaimed, a failure must not surface as an unhandled rejection; the claimer sees it.
  response.catch(() => undefined);
  started.set(key, response);
}

/** The response of a prefetched GET of `path` with `token`, once (a later call makes a fresh request). */
export function takePrefetched(path: string, token?: string): Promise<Response> | null {
  const key = keyOf(path, token);
  const response = started.get(key) ?? null;
  started.delete(key);
  return response;
}
