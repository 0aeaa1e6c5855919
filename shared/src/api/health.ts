/**
 * Health answers (issue 27 point 5):
 *   GET /healthz → 200 `{ status: 'ok' }` while the process is up
 *   GET /readyz  → 200 Ready when every dependency answers; 503 `NOT_READY` whose `details` are
 *                  NotReadyDetails otherwise (a load balancer then sends no one here)
 */

/** What `/readyz` checks: the database (SQLite or PostgreSQL), Redis (REDIS_URL), the upload storage (disk or S3). */
export const ReadinessChecks = ['database', 'redis', 'storage'] as const;
export type ReadinessCheck = (typeof ReadinessChecks)[number];

/** One check's outcome; `off` for Redis when the deployment has none (one instance). */
export type CheckState = 'ok' | 'failed' | 'off';

export type CheckStates = Record<ReadinessCheck, CheckState>;

export interface Ready {
  status: 'ready';
  documents: number;
  connections: number;
  checks: CheckStates;
}

/** The `details` of a 503 `NOT_READY`: the dependencies that failed, and every check's state. */
export interface NotReadyDetails {
  failed: ReadinessCheck[];
  checks: CheckStates;
}

/** How long one readiness check may take before it counts as failed (load balancers poll every few seconds). */
export const READINESS_TIMEOUT_MS = 2_000;
