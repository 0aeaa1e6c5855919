import { AutosaveLimits } from '@shared/limits';

/**
 * Wait before retry number `failures` (1 = after the first failure): exponential backoff with full jitter,
 * uniform between 0 and min(cap, base · 2^(failures − 1)), so clients that failed together spread out.
 */
export function retryDelay(
  failures: number,
  random: () => number = Math.random,
  base: number = AutosaveLimits.retryBaseMs,
  cap: number = AutosaveLimits.retryMaxMs,
): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const ceiling = Math.min(cap, base * 2 ** exponent);
  // A broken random source must not make the wait negative, NaN or longer than the cap.
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 1;
  return Math.floor(unit * ceiling);
}
