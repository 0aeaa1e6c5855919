import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the link secret came from, for the start-up log line. */
export type SecretSource = 'env' | 'file' | 'generated';

export interface LoadedSecret {
  secret: string;
  source: SecretSource;
}

/** The configured secret, or one generated once into `<dataDir>/secret` (mode 0600) and reused. */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): LoadedSecret {
  if (configured) return { secret: configured, source: 'env' };
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
