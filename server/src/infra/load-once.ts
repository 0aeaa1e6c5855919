/**
 * A module loaded at its first use instead of at start (issue 29, memory at rest): `load` runs once and
 * every caller shares its promise. A failed load is not kept, so the next call tries again (a transient
 * file-system error must not disable a feature until the next restart).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
