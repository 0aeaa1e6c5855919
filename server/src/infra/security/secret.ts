import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../config';

/** Where the link secret came from, for the start-up log line. */
export type SecretSource = 'env' | 'file' | 'generated';

export interface LoadedSecret {
  secret: string;
  source: SecretSource;
}

/** Why a PostgreSQL deployment needs TANDEM_SECRET (start-up refuses without it). */
export const SHARED_SECRET_REQUIRED =
  'TANDEM_SECRET is required with DATABASE_URL: every instance on the same database must sign links with the ' +
  'same secret, and one generated into each data directory would differ (set it to a random string of 32+ ' +
  'characters, the same on every instance, e.g. `openssl rand -base64 32`)';

/**
 * The configured secret, or one generated once into `<dataDir>/secret` (mode 0600) and reused.
 * `sharedDatabase` (DATABASE_URL is set): several instances may serve the same documents, each with its
 * own data directory, so only a configured secret works; throws ConfigError without one.
 */
export function loadOrCreateSecret(
  dataDir: string,
  configured: string | undefined,
  sharedDatabase = false,
): LoadedSecret {
  if (configured) return { secret: configured, source: 'env' };
  if (sharedDatabase) throw new ConfigError(SHARED_SECRET_REQUIRED);
  const file = path.join(dataDir, 'secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { secret: existing, source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  // 'wx' so two processes starting at once cannot overwrite each other's secret.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { secret: fs.readFileSync(file, 'utf8').trim(), source: 'file' };
    }
    throw error;
  }
}
