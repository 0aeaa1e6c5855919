import { describe, expect, it } from 'vitest';
import { CollabLimits, CounterLimits } from '@shared/limits';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the shared defaults', () => {
    const config = loadConfig({}, '/srv');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/data');
    expect(config.collab.maxMessageBytes).toBe(CollabLimits.maxMessageBytes);
    expect(config.counters.charCounterMax).toBe(CounterLimits.charCounterMax);
    expect(config.adminToken).toBeUndefined();
  });

  it('lets operators lower limits but clamps them to the hard caps', () => {
    const config = loadConfig({ TANDEM_MAX_MESSAGE_BYTES: '2048', TANDEM_MAX_DOCUMENT_BYTES: String(10 ** 12) });
    expect(config.collab.maxMessageBytes).toBe(2048);
    expect(config.collab.maxDocumentBytes).toBe(CollabLimits.maxDocumentBytes);
  });

  it('refuses nonsense with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ TANDEM_MAX_MESSAGE_BYTES: '1' })).toThrow(/at least/);
    expect(() => loadConfig({ TANDEM_SECRET: 'short' })).toThrow(/16/);
    expect(() => loadConfig({ TANDEM_PUBLIC_URL: 'ftp://x/y' })).toThrow(/origin/);
  });
});
