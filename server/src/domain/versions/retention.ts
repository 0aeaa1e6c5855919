import { VersionLimits } from '@shared/limits';
import type { ServerConfig } from '../../config';

/** What retention needs to know of a version. */
export interface RetainedVersion {
  id: string;
  createdAt: number;
  bytes: number;
  name: string | null;
}

export interface RetentionPolicy {
  /** Every version younger than this is kept… */
  keepAllMs: number;
  /** …then the newest of each hour until this age, then the newest of each day. */
  keepHourlyMs: number;
  /** Per-document budget: beyond it the oldest unnamed versions go first. */
  maxCount: number;
  maxBytes: number;
}

/** This deployment's retention: the ages from VersionLimits, the budget as configured (env may lower it). */
export function retentionPolicyOf(config: Pick<ServerConfig, 'versions'>): RetentionPolicy {
  return {
    keepAllMs: VersionLimits.keepAllMs,
    keepHourlyMs: VersionLimits.keepHourlyMs,
    maxCount: config.versions.maxPerDocument,
    maxBytes: config.versions.maxBytesPerDocument,
  };
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The ids of the versions to delete at `now`. Named versions and the newest version always stay; the
 * others are thinned by age (all, then hourly, then daily, in UTC buckets), then cut to the budget.
 */
export function versionsToDelete(versions: readonly RetainedVersion[], now: number, policy: RetentionPolicy): string[] {
  // Newest first; the sort is stable, so versions of the same millisecond keep the caller's order.
  const sorted = [...versions].sort((a, b) => b.createdAt - a.createdAt);
  const newest = sorted[0];
  const buckets = new Set<string>();
  const kept: RetainedVersion[] = [];
  const dropped: string[] = [];
  for (const v of sorted) {
    const age = now - v.createdAt;
    // Named versions stand outside the thinning; the newest is kept and still counts for its bucket.
    let keep = v.name !== null || age < policy.keepAllMs;
    if (!keep) {
      const bucket =
        age < policy.keepHourlyMs ? `h${Math.floor(v.createdAt / HOUR_MS)}` : `d${Math.floor(v.createdAt / DAY_MS)}`;
      keep = !buckets.has(bucket) || v === newest;
      buckets.add(bucket);
    }
    if (keep) kept.push(v);
    else dropped.push(v.id);
  }

  let count = kept.length;
  let bytes = kept.reduce((sum, v) => sum + v.bytes, 0);
  // Oldest first, never the newest one.
  for (let i = kept.length - 1; i > 0 && (count > policy.maxCount || bytes > policy.maxBytes); i--) {
    const v = kept[i];
    if (!v || v.name !== null) continue;
    dropped.push(v.id);
    count--;
    bytes -= v.bytes;
  }
  return dropped;
}
