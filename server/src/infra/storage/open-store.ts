import type { ServerConfig } from '../../config';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

/** The configured store: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file in the data directory. */
export async function openStore(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  if (!config.databaseUrl) return openSqliteStore(config.dataDir);
  // Loaded only when configured: the embedded default never loads the PostgreSQL client.
  const { openPgStore } = await import('./pg-store');
  return openPgStore(config.databaseUrl);
}
