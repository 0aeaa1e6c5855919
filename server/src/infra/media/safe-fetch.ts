import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors/app-error';
import type { ErrorCode } from '@shared/errors';
import { isForbiddenAddress } from './ip-ranges';

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Hosts exempt from the private-address refusal (config.fetchAllowHosts). */
  allowHosts: readonly string[];
  /** Code thrown when the body exceeds maxBytes. */
  tooLargeCode: ErrorCode;
  /** The Accept header (default: images). */
  accept?: string;
}

export interface FetchedBody {
  bytes: Buffer;
  /** The final URL (after redirects). */
  url: URL;
}

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Parses and checks one hop: http(s) only, no credentials, resolved addresses all public (or allowlisted). */
export async function resolveTarget(raw: string | URL, allowHosts: readonly string[]): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('IMAGE_BAD_LINK');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('REMOTE_URL_FORBIDDEN');
  if (url.username || url.password) throw new AppError('REMOTE_URL_FORBIDDEN');
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new AppError('IMAGE_BAD_LINK');
  }
  const first = addresses[0];
  if (!first) throw new AppError('IMAGE_BAD_LINK');
  const exempt = allowHosts.includes(host);
  // Every address must be public: a name resolving to one public and one private address is refused.
  if (!exempt && addresses.some((a) => isForbiddenAddress(a.address))) throw new AppError('REMOTE_URL_FORBIDDEN');
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that always answers the address we checked (no second DNS answer, no rebinding). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

type HopResult = { redirect: string } | { bytes: Buffer };

function requestOnce(target: Target, opts: SafeFetchOptions, signal: AbortSignal): Promise<HopResult> {
  return new Promise<HopResult>((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http;
    const req = client.request(
      target.url,
      {
        method: 'GET',
        lookup: pinnedLookup(target.address, target.family),
        headers: {
          accept: opts.accept ?? 'image/*',
          'user-agent': 'Tandem-ImageFetcher/1',
          'accept-encoding': 'identity',
        },
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ redirect: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new AppError('IMAGE_BAD_LINK'));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(new AppError(opts.tooLargeCode));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          // Cap while streaming: stop reading as soon as the body is one byte too long.
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new AppError(opts.tooLargeCode));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks, size) }));
        res.on('error', () => reject(new AppError('IMAGE_BAD_LINK')));
      },
    );
    req.on('error', () => reject(new AppError('IMAGE_BAD_LINK')));
    req.end();
  });
}

/**
 * GETs a remote URL without reaching internal services: each hop is resolved, checked and pinned
 * to the checked IP; redirects are followed by hand (each re-checked) up to `maxRedirects`; a total
 * timeout and a size cap while streaming apply.
 * Throws REMOTE_URL_FORBIDDEN, IMAGE_BAD_LINK or `tooLargeCode`.
 */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<FetchedBody> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let current = raw;
    for (let hop = 0; hop <= opts.maxRedirects; hop++) {
      const target = await resolveTarget(current, opts.allowHosts);
      if (controller.signal.aborted) throw new AppError('IMAGE_BAD_LINK');
      const result = await requestOnce(target, opts, controller.signal);
      if ('bytes' in result) return { bytes: result.bytes, url: target.url };
      try {
        current = new URL(result.redirect, target.url).toString();
      } catch {
        throw new AppError('IMAGE_BAD_LINK');
      }
    }
    throw new AppError('IMAGE_BAD_LINK');
  } finally {
    clearTimeout(timer);
  }
}
