import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from 'typebox/value';
import { EditorOptions, defaultEditorOptions } from '@shared/editor-options';
import {
  AutosaveLimits,
  CollabLimits,
  CounterLimits,
  EmbedLimits,
  RateLimits,
  UploadLimits,
  VersionLimits,
} from '@shared/limits';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PostgreSQL connection string (DATABASE_URL): every store lives there instead of the embedded SQLite
   * file in the data directory (uploads stay files in it). Unset: SQLite, no external service.
   */
  databaseUrl: string | undefined;
  /**
   * Redis (REDIS_URL): the bus between several instances (updates over Streams, presence over pub/sub)
   * and the rate limits they share. Unset: one instance, nothing leaves the process.
   */
  redisUrl: string | undefined;
  /** HMAC secret for capability links; generated into the data directory when unset. */
  secret: string | undefined;
  /** Operator master token; undefined disables the admin API. */
  adminToken: string | undefined;
  /**
   * A second listener for Prometheus that needs no token (`TANDEM_METRICS_PORT`, on `TANDEM_METRICS_HOST`,
   * loopback by default); null: `/metrics` only on the main port, with the admin token.
   */
  metrics: { port: number; host: string } | null;
  /** Origin used for absolute URLs the API returns; else the request's own origin. */
  publicUrl: string | undefined;
  logLevel: string;
  /** Directory of the built client (index.html); serving is skipped when it does not exist. */
  clientDir: string;
  /** Serve the client's `*.map` files (TANDEM_PUBLIC_SOURCEMAPS=on); off by default in production. */
  publicSourceMaps: boolean;
  collab: {
    maxMessageBytes: number;
    maxDocumentBytes: number;
    messagesPerSecond: number;
    messageBurst: number;
    maxAwarenessBytes: number;
    awarenessPerSecond: number;
    maxConnectionsPerDocument: number;
    unloadGraceMs: number;
    pingIntervalMs: number;
    compactAfterUpdates: number;
    compactIntervalMs: number;
    /** Check every update and repair loaded documents against the document model (TANDEM_COLLAB_GUARD=off: benchmarks only). */
    guard: boolean;
  };
  counters: { charCounterMax: number; wordCounterMax: number };
  uploads: { maxImageBytes: number; maxFileBytes: number; maxVideoBytes: number };
  /** Version history budget per document (TANDEM_VERSIONS_MAX_PER_DOCUMENT, TANDEM_VERSIONS_MAX_BYTES). */
  versions: { maxPerDocument: number; maxBytesPerDocument: number };
  /** Capability lists and switches (fonts, colours, styles…), defaults merged with TANDEM_EDITOR_OPTIONS. */
  editor: EditorOptions;
  /** Other origins whose pages may call the API (TANDEM_CORS_ORIGINS); empty = same origin only. */
  corsOrigins: string[];
  /**
   * Hosts the remote-image fetcher may reach although they resolve to private or loopback addresses
   * (TANDEM_FETCH_ALLOW_HOSTS; intranets and tests). Lowercase host names or IP literals.
   */
  fetchAllowHosts: string[];
  /** Embed cards: the page fetch's total time (TANDEM_EMBED_FETCH_TIMEOUT_MS, at most EmbedLimits.fetchTimeoutMs). */
  embeds: { fetchTimeoutMs: number; maxPageBytes: number };
  security: SecurityConfig;
  /** Where upload blobs live: `<data dir>/uploads` (the default), or an S3-compatible bucket (TANDEM_S3_*). */
  blobs: BlobStorageConfig;
}

export type BlobStorageConfig = { kind: 'local' } | { kind: 's3'; s3: S3StorageConfig };

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) from TANDEM_S3_*. */
export interface S3StorageConfig {
  /** Service URL (TANDEM_S3_ENDPOINT); undefined means AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both set, or both undefined (the SDK's own credential chain: AWS_* env, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Per-window request counts (RateLimits), the fetch concurrency cap and the sanitizer pool. */
export interface SecurityConfig {
  /** CSP `frame-ancestors` source list of the app pages (TANDEM_FRAME_ANCESTORS), e.g. `'none'`. */
  frameAncestors: string;
  /**
   * Loopback origins the app pages may also fetch from (TANDEM_BENCH_CONNECT_SRC): only the editor
   * benchmark sets it, for its harness's documents; nothing else can be listed.
   */
  benchConnectSrc: string[];
  /** Fastify `trustProxy` (TANDEM_TRUST_PROXY): false, a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  rateWindowMs: number;
  documentCreatesPerIp: number;
  listCreatesPerIp: number;
  listsPerIp: number;
  listsPerToken: number;
  uploadsPerIp: number;
  uploadsPerToken: number;
  remoteFetchesPerIp: number;
  remoteFetchesPerToken: number;
  snapshotsPerIp: number;
  snapshotsPerToken: number;
  exportsPerIp: number;
  exportsPerToken: number;
  commentsPerIp: number;
  commentsPerToken: number;
  remoteFetchConcurrency: number;
  sanitizeWorkers: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function intFromEnv(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`);
  // Operators may lower a limit, never raise it past the shared hard cap.
  return Math.min(value, max);
}

/**
 * `TANDEM_EDITOR_OPTIONS`: a JSON object (inline, or `@/path/to/file.json`) whose fields replace the
 * defaults of shared/src/editor-options.ts; unknown fields or wrong types stop the server with a message.
 */
function editorOptionsFromEnv(env: Env, cwd: string): EditorOptions {
  const raw = env.TANDEM_EDITOR_OPTIONS?.trim();
  if (!raw) return defaultEditorOptions;
  let text = raw;
  if (raw.startsWith('@')) {
    try {
      text = readFileSync(path.resolve(cwd, raw.slice(1)), 'utf8');
    } catch {
      throw new ConfigError(`TANDEM_EDITOR_OPTIONS: cannot read ${raw.slice(1)}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('TANDEM_EDITOR_OPTIONS must be a JSON object or @file');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('TANDEM_EDITOR_OPTIONS must be a JSON object or @file');
  }
  const merged: unknown = { ...defaultEditorOptions, ...parsed };
  const extra = Object.keys(parsed).filter((k) => !(k in defaultEditorOptions));
  if (extra.length > 0) throw new ConfigError(`TANDEM_EDITOR_OPTIONS: unknown field ${extra.join(', ')}`);
  if (!Value.Check(EditorOptions, merged)) {
    const first = Value.Errors(EditorOptions, merged)[0];
    throw new ConfigError(`TANDEM_EDITOR_OPTIONS: ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return merged;
}

const ORIGIN_RE = /^https?:\/\/[^/\s]+$/;

/** `TANDEM_CORS_ORIGINS`: comma-separated origins such as `https://cms.example.com`. */
/** The update guard is on unless TANDEM_COLLAB_GUARD is exactly `off` (for side-by-side benchmarks). */
function guardFromEnv(env: Env): boolean {
  const raw = env.TANDEM_COLLAB_GUARD;
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`TANDEM_COLLAB_GUARD must be "on" or "off", got "${raw}"`);
}

/** Source maps show the whole client source: only served when an operator says so. */
function publicSourceMapsFromEnv(env: Env): boolean {
  const raw = env.TANDEM_PUBLIC_SOURCEMAPS;
  if (raw === undefined || raw === '' || raw === 'off') return false;
  if (raw === 'on') return true;
  throw new ConfigError(`TANDEM_PUBLIC_SOURCEMAPS must be "on" or "off", got "${raw}"`);
}

function corsOriginsFromEnv(env: Env): string[] {
  const list = (env.TANDEM_CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
  for (const origin of list) {
    if (!ORIGIN_RE.test(origin)) {
      throw new ConfigError(`TANDEM_CORS_ORIGINS: "${origin}" must be an origin such as https://cms.example.com`);
    }
  }
  return [...new Set(list.map((o) => o.toLowerCase()))];
}

/** `TANDEM_FETCH_ALLOW_HOSTS`: comma-separated host names or IP literals (no scheme, no port). */
function fetchAllowHostsFromEnv(env: Env): string[] {
  const list = (env.TANDEM_FETCH_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter((h) => h !== '');
  for (const host of list) {
    if (!/^[a-z0-9.:_-]+$/.test(host)) {
      throw new ConfigError(`TANDEM_FETCH_ALLOW_HOSTS: "${host}" must be a host name or IP address`);
    }
  }
  return [...new Set(list)];
}

/**
 * `TANDEM_FRAME_ANCESTORS`: `none` (default), `self`, and/or origins that may frame the app pages,
 * separated by commas or spaces. Returned as a CSP source list.
 */
function frameAncestorsFromEnv(env: Env): string {
  const list = (env.TANDEM_FRAME_ANCESTORS ?? '')
    .split(/[\s,]+/)
    .map((v) => v.replace(/^'(.*)'$/, '$1').replace(/\/+$/, ''))
    .filter((v) => v !== '');
  if (list.length === 0 || (list.length === 1 && list[0]?.toLowerCase() === 'none')) return "'none'";
  const sources = list.map((v) => {
    if (v.toLowerCase() === 'self') return "'self'";
    if (ORIGIN_RE.test(v) && !/[;,'"\\]/.test(v)) return v.toLowerCase();
    throw new ConfigError(
      `TANDEM_FRAME_ANCESTORS: "${v}" must be none, self or an origin such as https://cms.example.com`,
    );
  });
  return [...new Set(sources)].join(' ');
}

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost):\d{1,5}$/;

/** `TANDEM_BENCH_CONNECT_SRC`: loopback origins (`http://127.0.0.1:8787`) a benchmark page fetches from. */
function benchConnectSrcFromEnv(env: Env): string[] {
  const list = (env.TANDEM_BENCH_CONNECT_SRC ?? '').split(/[\s,]+/).filter((v) => v !== '');
  for (const v of list) {
    if (!LOOPBACK_ORIGIN.test(v)) {
      throw new ConfigError(`TANDEM_BENCH_CONNECT_SRC: "${v}" must be a loopback origin such as http://127.0.0.1:8787`);
    }
  }
  return list;
}

// Fastify/proxy-addr also know these names for address ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TANDEM_TRUST_PROXY`: empty or `false` (default: the socket address is the client), a number of
 * proxy hops, or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed.
 */
function trustProxyFromEnv(env: Env): false | number | string[] {
  const raw = (env.TANDEM_TRUST_PROXY ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return intFromEnv(env, 'TANDEM_TRUST_PROXY', 0, 0, 16) || false;
  const list = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const value of list) {
    if (!PROXY_RANGE_NAMES.has(value) && !/^[0-9a-f.:]+(?:\/\d{1,3})?$/.test(value)) {
      throw new ConfigError(`TANDEM_TRUST_PROXY: "${value}" must be a number of hops or proxy addresses/CIDRs`);
    }
  }
  return list;
}

function securityFromEnv(env: Env): SecurityConfig {
  const r = RateLimits;
  const perWindow = (name: string, fallback: number): number => intFromEnv(env, name, fallback, 1, r.maxPerWindow);
  return {
    frameAncestors: frameAncestorsFromEnv(env),
    benchConnectSrc: benchConnectSrcFromEnv(env),
    trustProxy: trustProxyFromEnv(env),
    rateWindowMs: intFromEnv(env, 'TANDEM_RATE_WINDOW_MS', r.windowMs, 1_000, r.maxWindowMs),
    documentCreatesPerIp: perWindow('TANDEM_RATE_CREATE_PER_IP', r.documentCreatesPerIp),
    listCreatesPerIp: perWindow('TANDEM_RATE_LIST_CREATE_PER_IP', r.listCreatesPerIp),
    listsPerIp: perWindow('TANDEM_RATE_LIST_PER_IP', r.listsPerIp),
    listsPerToken: perWindow('TANDEM_RATE_LIST_PER_TOKEN', r.listsPerToken),
    uploadsPerIp: perWindow('TANDEM_RATE_UPLOAD_PER_IP', r.uploadsPerIp),
    uploadsPerToken: perWindow('TANDEM_RATE_UPLOAD_PER_TOKEN', r.uploadsPerToken),
    remoteFetchesPerIp: perWindow('TANDEM_RATE_FETCH_PER_IP', r.remoteFetchesPerIp),
    remoteFetchesPerToken: perWindow('TANDEM_RATE_FETCH_PER_TOKEN', r.remoteFetchesPerToken),
    snapshotsPerIp: perWindow('TANDEM_RATE_SNAPSHOT_PER_IP', r.snapshotsPerIp),
    snapshotsPerToken: perWindow('TANDEM_RATE_SNAPSHOT_PER_TOKEN', r.snapshotsPerToken),
    exportsPerIp: perWindow('TANDEM_RATE_EXPORT_PER_IP', r.exportsPerIp),
    exportsPerToken: perWindow('TANDEM_RATE_EXPORT_PER_TOKEN', r.exportsPerToken),
    commentsPerIp: perWindow('TANDEM_RATE_COMMENT_PER_IP', r.commentsPerIp),
    commentsPerToken: perWindow('TANDEM_RATE_COMMENT_PER_TOKEN', r.commentsPerToken),
    remoteFetchConcurrency: intFromEnv(
      env,
      'TANDEM_FETCH_CONCURRENCY',
      r.remoteFetchConcurrency,
      1,
      r.maxRemoteFetchConcurrency,
    ),
    sanitizeWorkers: intFromEnv(
      env,
      'TANDEM_SANITIZE_WORKERS',
      AutosaveLimits.sanitizeWorkers,
      1,
      AutosaveLimits.maxSanitizeWorkers,
    ),
  };
}

const S3_VARIABLES = [
  'TANDEM_S3_ENDPOINT',
  'TANDEM_S3_BUCKET',
  'TANDEM_S3_REGION',
  'TANDEM_S3_ACCESS_KEY_ID',
  'TANDEM_S3_SECRET_ACCESS_KEY',
  'TANDEM_S3_FORCE_PATH_STYLE',
] as const;

function onOffFromEnv(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${env[name]}"`);
}

/** TANDEM_S3_*: any of them selects the S3-compatible driver, which then needs at least a bucket. */
function blobStorageFromEnv(env: Env): BlobStorageConfig {
  const set = S3_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (set.length === 0) return { kind: 'local' };
  const value = (name: (typeof S3_VARIABLES)[number]): string | undefined => env[name]?.trim() || undefined;
  const bucket = value('TANDEM_S3_BUCKET');
  if (!bucket) throw new ConfigError(`TANDEM_S3_BUCKET is required when ${set.join(', ')} is set`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(`TANDEM_S3_BUCKET: "${bucket}" is not a bucket name (3–63 of a-z 0-9 . -)`);
  }
  const endpoint = value('TANDEM_S3_ENDPOINT')?.replace(/\/+$/, '');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.search) {
      throw new ConfigError(
        `TANDEM_S3_ENDPOINT must be an http(s) URL such as https://s3.example.com, got "${endpoint}"`,
      );
    }
  }
  const region = value('TANDEM_S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`TANDEM_S3_REGION: "${region}" is not a region name`);
  const accessKeyId = value('TANDEM_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('TANDEM_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('TANDEM_S3_ACCESS_KEY_ID and TANDEM_S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    kind: 's3',
    s3: {
      endpoint,
      bucket,
      region,
      accessKeyId,
      secretAccessKey,
      // Self-hosted S3-compatible servers usually answer on one host name: path style by default there.
      forcePathStyle: onOffFromEnv(env, 'TANDEM_S3_FORCE_PATH_STYLE', endpoint !== undefined),
    },
  };
}

/** REDIS_URL: a redis:// or rediss:// URL (never repeated in messages: it may hold a password). */
function redisUrlFromEnv(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('REDIS_URL must be a URL such as redis://host:6379/0');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got ${url.protocol}//`);
  }
  return raw;
}

/** DATABASE_URL: a postgres:// or postgresql:// URL (the message never repeats it: it may hold a password). */
function databaseUrlFromEnv(env: Env): string | undefined {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as postgres://user:password@host:5432/tandem');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got ${url.protocol}//`);
  }
  return raw;
}

/** Reads the typed configuration from the environment; throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const c = CollabLimits;
  const counterMax = (name: string, fallback: number): number =>
    intFromEnv(env, name, fallback, -1, Number.MAX_SAFE_INTEGER);
  const publicUrl = env.TANDEM_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl !== undefined && !ORIGIN_RE.test(publicUrl)) {
    throw new ConfigError('TANDEM_PUBLIC_URL must be an origin such as https://docs.example.com');
  }
  const databaseUrl = databaseUrlFromEnv(env);
  const redisUrl = redisUrlFromEnv(env);
  if (redisUrl && !databaseUrl) {
    // Relayed updates are repaired from the shared log: without PostgreSQL there is none to share.
    throw new ConfigError('REDIS_URL needs DATABASE_URL: several instances share PostgreSQL, not a SQLite file');
  }
  const secret = env.TANDEM_SECRET || undefined;
  if (secret !== undefined && secret.length < 16) {
    throw new ConfigError('TANDEM_SECRET must be at least 16 characters');
  }
  return {
    port: intFromEnv(env, 'PORT', 3000, 0, 65_535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.TANDEM_DATA_DIR || './data'),
    databaseUrl,
    redisUrl,
    secret,
    adminToken: env.TANDEM_ADMIN_TOKEN || undefined,
    metrics:
      env.TANDEM_METRICS_PORT === undefined || env.TANDEM_METRICS_PORT === ''
        ? null
        : { port: intFromEnv(env, 'TANDEM_METRICS_PORT', 0, 0, 65_535), host: env.TANDEM_METRICS_HOST || '127.0.0.1' },
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: path.resolve(cwd, env.TANDEM_CLIENT_DIR || 'dist/client'),
    publicSourceMaps: publicSourceMapsFromEnv(env),
    collab: {
      maxMessageBytes: intFromEnv(env, 'TANDEM_MAX_MESSAGE_BYTES', c.maxMessageBytes, 1024, c.maxMessageBytes),
      maxDocumentBytes: intFromEnv(env, 'TANDEM_MAX_DOCUMENT_BYTES', c.maxDocumentBytes, 1024, c.maxDocumentBytes),
      messagesPerSecond: intFromEnv(env, 'TANDEM_MESSAGES_PER_SECOND', c.messagesPerSecond, 1, c.messagesPerSecond),
      messageBurst: intFromEnv(env, 'TANDEM_MESSAGE_BURST', c.messageBurst, 1, c.messageBurst),
      maxAwarenessBytes: intFromEnv(env, 'TANDEM_MAX_AWARENESS_BYTES', c.maxAwarenessBytes, 256, c.maxAwarenessBytes),
      awarenessPerSecond: intFromEnv(env, 'TANDEM_AWARENESS_PER_SECOND', c.awarenessPerSecond, 1, c.awarenessPerSecond),
      maxConnectionsPerDocument: intFromEnv(
        env,
        'TANDEM_MAX_CONNECTIONS_PER_DOCUMENT',
        c.maxConnectionsPerDocument,
        1,
        c.maxConnectionsPerDocument,
      ),
      unloadGraceMs: intFromEnv(env, 'TANDEM_UNLOAD_GRACE_MS', c.unloadGraceMs, 0, c.unloadGraceMs),
      pingIntervalMs: intFromEnv(env, 'TANDEM_PING_INTERVAL_MS', c.pingIntervalMs, 100, c.pingIntervalMs),
      compactAfterUpdates: intFromEnv(
        env,
        'TANDEM_COMPACT_AFTER_UPDATES',
        c.compactAfterUpdates,
        1,
        c.compactAfterUpdates,
      ),
      compactIntervalMs: intFromEnv(env, 'TANDEM_COMPACT_INTERVAL_MS', c.compactIntervalMs, 100, c.compactIntervalMs),
      guard: guardFromEnv(env),
    },
    counters: {
      charCounterMax: counterMax('TANDEM_CHAR_COUNTER_MAX', CounterLimits.charCounterMax),
      wordCounterMax: counterMax('TANDEM_WORD_COUNTER_MAX', CounterLimits.wordCounterMax),
    },
    uploads: {
      maxImageBytes: intFromEnv(
        env,
        'TANDEM_MAX_IMAGE_BYTES',
        UploadLimits.maxImageBytes,
        1,
        UploadLimits.maxImageBytes,
      ),
      maxFileBytes: intFromEnv(env, 'TANDEM_MAX_FILE_BYTES', UploadLimits.maxFileBytes, 1, UploadLimits.maxFileBytes),
      maxVideoBytes: intFromEnv(
        env,
        'TANDEM_MAX_VIDEO_BYTES',
        UploadLimits.maxVideoBytes,
        1,
        UploadLimits.maxVideoBytes,
      ),
    },
    versions: {
      maxPerDocument: intFromEnv(
        env,
        'TANDEM_VERSIONS_MAX_PER_DOCUMENT',
        VersionLimits.maxVersionsPerDocument,
        1,
        VersionLimits.maxVersionsPerDocument,
      ),
      maxBytesPerDocument: intFromEnv(
        env,
        'TANDEM_VERSIONS_MAX_BYTES',
        VersionLimits.maxBytesPerDocument,
        1,
        VersionLimits.maxBytesPerDocument,
      ),
    },
    editor: editorOptionsFromEnv(env, cwd),
    corsOrigins: corsOriginsFromEnv(env),
    fetchAllowHosts: fetchAllowHostsFromEnv(env),
    embeds: {
      fetchTimeoutMs: intFromEnv(
        env,
        'TANDEM_EMBED_FETCH_TIMEOUT_MS',
        EmbedLimits.fetchTimeoutMs,
        100,
        EmbedLimits.fetchTimeoutMs,
      ),
      maxPageBytes: intFromEnv(
        env,
        'TANDEM_EMBED_MAX_PAGE_BYTES',
        EmbedLimits.maxPageBytes,
        1_024,
        EmbedLimits.maxPageBytes,
      ),
    },
    security: securityFromEnv(env),
    blobs: blobStorageFromEnv(env),
  };
}
