import type { CollabMeter } from '../../domain/collab/collab-core';

/** Tells every registered meter; a meter that throws never disturbs the core. */
export function report<K extends keyof CollabMeter>(
  meters: readonly CollabMeter[],
  what: K,
  ...args: Parameters<NonNullable<CollabMeter[K]>>
): void {
  for (const meter of meters) {
    const fn = meter[what] as ((...a: typeof args) => void) | undefined;
    if (fn === undefined) continue;
    try {
      fn.apply(meter, args);
    } catch {
      // Figures are best effort: a broken meter must not stop a commit or a refusal.
    }
  }
}
