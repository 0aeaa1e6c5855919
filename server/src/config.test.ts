import { describe, expect, it } from 'vitest';
import { CollabLimits, CounterLimits } from '@shared/limits';
import { defaultEditorOptions } from '@shared/editor-options';
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

  it('merges TANDEM_EDITOR_OPTIONS over the defaults and refuses bad ones', () => {
    expect(loadConfig({}).editor).toEqual(defaultEditorOptions);
    const custom = loadConfig({ TANDEM_EDITOR_OPTIONS: '{"fontSizes":[10,20],"linkAutoPrefix":"http://"}' }).editor;
    expect(custom.fontSizes).toEqual([10, 20]);
    expect(custom.linkAutoPrefix).toBe('http://');
    expect(custom.fontFamilies).toEqual(defaultEditorOptions.fontFamilies);
    expect(() => loadConfig({ TANDEM_EDITOR_OPTIONS: '{"fontSizes":"big"}' })).toThrow(/fontSizes/);
    expect(() => loadConfig({ TANDEM_EDITOR_OPTIONS: '{"nope":1}' })).toThrow(/unknown field nope/);
    expect(() => loadConfig({ TANDEM_EDITOR_OPTIONS: '[1]' })).toThrow(/JSON object/);
    expect(() => loadConfig({ TANDEM_EDITOR_OPTIONS: '@/does/not/exist.json' })).toThrow(/cannot read/);
  });

  it('reads CORS origins and fetch allow-hosts as validated lists', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({}).fetchAllowHosts).toEqual([]);
    const config = loadConfig({
      TANDEM_CORS_ORIGINS: 'https://CMS.example.com/, http://localhost:5173,,https://cms.example.com',
      TANDEM_FETCH_ALLOW_HOSTS: ' Intranet.local ,127.0.0.1,[::1]',
    });
    expect(config.corsOrigins).toEqual(['https://cms.example.com', 'http://localhost:5173']);
    expect(config.fetchAllowHosts).toEqual(['intranet.local', '127.0.0.1', '::1']);
    expect(() => loadConfig({ TANDEM_CORS_ORIGINS: '*' })).toThrow(/TANDEM_CORS_ORIGINS/);
    expect(() => loadConfig({ TANDEM_CORS_ORIGINS: 'https://a.example/path' })).toThrow(/origin/);
    expect(() => loadConfig({ TANDEM_FETCH_ALLOW_HOSTS: 'http://x/' })).toThrow(/TANDEM_FETCH_ALLOW_HOSTS/);
  });
});
