import { describe, expect, it } from 'vitest';
import { AutosaveLimits, CollabLimits, CounterLimits, RateLimits, VersionLimits } from '@shared/limits';
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

  it('reads DATABASE_URL (PostgreSQL) and never repeats a bad one, which may hold a password', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    const url = 'postgres://tandem:s3cret@db.internal:5432/tandem';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tandem' }).databaseUrl).toBe('postgresql://db/tandem');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:s3cret@db/tandem' })).toThrow(/postgres:\/\/.*got mysql:/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url s3cret' })).toThrow(ConfigError);
    try {
      loadConfig({ DATABASE_URL: 'mysql://root:s3cret@db/tandem' });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });

  it('reads REDIS_URL, only beside DATABASE_URL, and never repeats a bad one', () => {
    const db = 'postgres://db/tandem';
    expect(loadConfig({ DATABASE_URL: db }).redisUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: db, REDIS_URL: 'redis://:pw@cache:6379/2' }).redisUrl).toBe(
      'redis://:pw@cache:6379/2',
    );
    expect(loadConfig({ DATABASE_URL: db, REDIS_URL: 'rediss://cache' }).redisUrl).toBe('rediss://cache');
    expect(() => loadConfig({ REDIS_URL: 'redis://cache' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: db, REDIS_URL: 'http://s3cret@cache' })).toThrow(/redis:\/\//);
    try {
      loadConfig({ DATABASE_URL: db, REDIS_URL: 'memcache://user:s3cret@cache' });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });

  it('lets operators lower limits but clamps them to the hard caps', () => {
    const config = loadConfig({ TANDEM_MAX_MESSAGE_BYTES: '2048', TANDEM_MAX_DOCUMENT_BYTES: String(10 ** 12) });
    expect(config.collab.maxMessageBytes).toBe(2048);
    expect(config.collab.maxDocumentBytes).toBe(CollabLimits.maxDocumentBytes);
  });

  it('reads the version history budget, lowered only', () => {
    expect(loadConfig({}).versions).toEqual({
      maxPerDocument: VersionLimits.maxVersionsPerDocument,
      maxBytesPerDocument: VersionLimits.maxBytesPerDocument,
    });
    const lowered = loadConfig({ TANDEM_VERSIONS_MAX_PER_DOCUMENT: '50', TANDEM_VERSIONS_MAX_BYTES: String(10 ** 15) });
    expect(lowered.versions).toEqual({ maxPerDocument: 50, maxBytesPerDocument: VersionLimits.maxBytesPerDocument });
    expect(() => loadConfig({ TANDEM_VERSIONS_MAX_PER_DOCUMENT: '0' })).toThrow(/at least/);
    expect(() => loadConfig({ TANDEM_VERSIONS_MAX_BYTES: 'lots' })).toThrow(ConfigError);
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

describe('security settings', () => {
  it('defaults to no framing, no trusted proxy and the shared rate limits', () => {
    const { security } = loadConfig({});
    expect(security.frameAncestors).toBe("'none'");
    expect(security.trustProxy).toBe(false);
    expect(security.rateWindowMs).toBe(RateLimits.windowMs);
    expect(security.documentCreatesPerIp).toBe(RateLimits.documentCreatesPerIp);
    expect(security.uploadsPerToken).toBe(RateLimits.uploadsPerToken);
    expect(security.remoteFetchConcurrency).toBe(RateLimits.remoteFetchConcurrency);
    expect(security.sanitizeWorkers).toBe(AutosaveLimits.sanitizeWorkers);
  });

  it('reads the env and clamps counts to the caps', () => {
    const { security } = loadConfig({
      TANDEM_FRAME_ANCESTORS: "'self' https://CMS.example.com/",
      TANDEM_TRUST_PROXY: '10.0.0.0/8, ::1,loopback',
      TANDEM_RATE_UPLOAD_PER_TOKEN: '5',
      TANDEM_RATE_CREATE_PER_IP: String(10 ** 9),
      TANDEM_FETCH_CONCURRENCY: '100000',
      TANDEM_SANITIZE_WORKERS: '99',
    });
    expect(security.frameAncestors).toBe("'self' https://cms.example.com");
    expect(security.trustProxy).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(security.uploadsPerToken).toBe(5);
    expect(security.documentCreatesPerIp).toBe(RateLimits.maxPerWindow);
    expect(security.remoteFetchConcurrency).toBe(RateLimits.maxRemoteFetchConcurrency);
    expect(security.sanitizeWorkers).toBe(AutosaveLimits.maxSanitizeWorkers);
    expect(loadConfig({ TANDEM_TRUST_PROXY: '2' }).security.trustProxy).toBe(2);
    expect(loadConfig({ TANDEM_TRUST_PROXY: 'false' }).security.trustProxy).toBe(false);
  });

  it('refuses values that would break or widen the headers', () => {
    expect(() => loadConfig({ TANDEM_FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" })).toThrow(
      /TANDEM_FRAME_ANCESTORS/,
    );
    expect(() => loadConfig({ TANDEM_FRAME_ANCESTORS: '*' })).toThrow(/TANDEM_FRAME_ANCESTORS/);
    expect(() => loadConfig({ TANDEM_TRUST_PROXY: 'true' })).toThrow(/TANDEM_TRUST_PROXY/);
    // The benchmark's extra fetch origins are loopback origins and nothing else.
    expect(loadConfig({}).security.benchConnectSrc).toEqual([]);
    expect(loadConfig({ TANDEM_BENCH_CONNECT_SRC: 'http://127.0.0.1:8787' }).security.benchConnectSrc).toEqual([
      'http://127.0.0.1:8787',
    ]);
    for (const bad of ['https://evil.example', 'http://127.0.0.1:1; script-src *', '*', 'http://10.0.0.1:80']) {
      expect(() => loadConfig({ TANDEM_BENCH_CONNECT_SRC: bad })).toThrow(/TANDEM_BENCH_CONNECT_SRC/);
    }
    expect(() => loadConfig({ TANDEM_RATE_SNAPSHOT_PER_IP: '0' })).toThrow(/at least/);
    expect(() => loadConfig({ TANDEM_RATE_WINDOW_MS: '10' })).toThrow(/at least/);
  });
});

describe('upload storage (TANDEM_S3_*)', () => {
  const keys = { TANDEM_S3_ACCESS_KEY_ID: 'AKIA1', TANDEM_S3_SECRET_ACCESS_KEY: 'secret' };

  it('is the local upload folder unless a TANDEM_S3_* variable is set', () => {
    expect(loadConfig({}, '/srv').blobs).toEqual({ kind: 'local' });
    expect(loadConfig({ TANDEM_S3_BUCKET: '' }, '/srv').blobs).toEqual({ kind: 'local' });
  });

  it('reads an S3-compatible bucket, path style by default only with an endpoint', () => {
    expect(
      loadConfig({ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_ENDPOINT: 'http://127.0.0.1:9000/', ...keys }, '/srv').blobs,
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'docs',
        region: 'us-east-1',
        accessKeyId: 'AKIA1',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    const aws = loadConfig({ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_REGION: 'eu-central-1' }, '/srv').blobs;
    expect(aws).toMatchObject({
      kind: 's3',
      s3: { endpoint: undefined, region: 'eu-central-1', forcePathStyle: false },
    });
    expect(aws).toMatchObject({ s3: { accessKeyId: undefined, secretAccessKey: undefined } });
    const off = loadConfig(
      { TANDEM_S3_BUCKET: 'docs', TANDEM_S3_ENDPOINT: 'https://s3.example.com', TANDEM_S3_FORCE_PATH_STYLE: 'off' },
      '/srv',
    ).blobs;
    expect(off).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('refuses an incomplete or malformed S3 configuration with a clear message', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ TANDEM_S3_ENDPOINT: 'http://127.0.0.1:9000' }, /TANDEM_S3_BUCKET is required when TANDEM_S3_ENDPOINT/],
      [{ TANDEM_S3_BUCKET: 'Docs_Bucket' }, /TANDEM_S3_BUCKET: "Docs_Bucket" is not a bucket name/],
      [{ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_ENDPOINT: 'ftp://x' }, /TANDEM_S3_ENDPOINT must be an http\(s\) URL/],
      [{ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_ENDPOINT: 'not a url' }, /TANDEM_S3_ENDPOINT must be an http\(s\) URL/],
      [{ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_REGION: 'EU 1' }, /TANDEM_S3_REGION/],
      [{ TANDEM_S3_BUCKET: 'docs', TANDEM_S3_ACCESS_KEY_ID: 'AKIA1' }, /must be set together/],
      [
        { TANDEM_S3_BUCKET: 'docs', TANDEM_S3_FORCE_PATH_STYLE: 'maybe' },
        /TANDEM_S3_FORCE_PATH_STYLE must be "on" or "off"/,
      ],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig(env, '/srv'), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env, '/srv'), JSON.stringify(env)).toThrow(message);
    }
  });
});
