import type { CreatedDocument, DocumentMeta, ShareLinksResponse, TitlesResponse } from '@shared/api/documents';
import type { PublicConfig } from '@shared/api/config';
import type { ExportFormat, ExportPage } from '@shared/api/export';
import type { ErrorCode } from '@shared/errors';
import type { CreateVersionBody, VersionDetail, VersionList, VersionListItem } from '@shared/api/versions';
import { takePrefetched } from './early-requests';

/** A code the client adds to the catalogue's: NETWORK (no answer) and ABORTED (cancelled here). */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'ABORTED';

/**
 * The one error of every HTTP call (and of uploads): the catalogue's code (`errors.<CODE>` in i18n),
 * the HTTP status (0 when there was no answer) and the body's optional `details`.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Whether `error` is an ApiError with `code` (e.g. ABORTED, which callers pass over). */
export const isApiError = (error: unknown, code?: ApiErrorCode): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

/**
 * The ApiError of a refusal's parsed body: its `code` if the catalogue knows it (else `fallback`), and its
 * `details`. `isCode` is the catalogue's check, passed in because the catalogue is not in the first load.
 */
export function refusalError(
  body: unknown,
  status: number,
  isCode: (value: unknown) => value is ErrorCode,
  fallback: ErrorCode = 'INTERNAL',
): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as { code?: unknown; details?: unknown }) : {};
  return new ApiError(isCode(fields.code) ? fields.code : fallback, status, fields.details);
}

/**
 * The error for a refusal, once the error catalogue (and with it the messages the UI will show) is
 * there. If the catalogue cannot be fetched (offline, or a stale page whose chunks are gone), the
 * refusal is reported as NETWORK, whose message is in the first load; the status stays.
 */
export async function apiError(res: Response, fallback?: ErrorCode): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the fallback decides
  }
  try {
    const { isErrorCode } = await import('./error-catalogue');
    return refusalError(body, res.status, isErrorCode, fallback);
  } catch {
    return new ApiError('NETWORK', res.status);
  }
}

export interface FetchOptions {
  /** The link token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as a form (`application/x-www-form-urlencoded`), as the baseline's image manager does. */
  form?: Record<string, string>;
  /** Query parameters; undefined and '' ones are left out. */
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * The one place the client calls the server: the response whatever its status (the caller reads it),
 * ApiError NETWORK when there is no answer, ABORTED when `signal` cancelled it.
 */
export async function apiFetch(method: string, path: string, opts: FetchOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    body = new URLSearchParams(opts.form).toString();
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(opts.query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  const url = search ? `${path}?${search}` : path;
  try {
    // The boot script may have started this GET already (lib/early-requests.ts).
    const early = method === 'GET' && !opts.signal ? takePrefetched(url, opts.token) : null;
    return await (early ?? fetch(url, { method, headers, body, signal: opts.signal }));
  } catch {
    throw new ApiError(opts.signal?.aborted ? 'ABORTED' : 'NETWORK', 0);
  }
}

/** The parsed JSON body of `res`; a body that is not JSON throws ApiError `badResponse`. */
export async function readJson(res: Response, badResponse: ErrorCode): Promise<unknown> {
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch {
    throw new ApiError(badResponse, res.status);
  }
}

/** A call whose answer is JSON; a refusal throws ApiError with the server's code. */
async function request<T>(method: string, path: string, opts: FetchOptions = {}): Promise<T> {
  const res = await apiFetch(method, path, opts);
  if (!res.ok) throw await apiError(res);
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

/**
 * `GET /api/documents/:id/export`: the response, its body still unread (the caller streams it for
 * progress). A refusal throws ApiError with the server's code; an abort through `signal` ApiError ABORTED.
 */
async function exportDocument(
  id: string,
  token: string,
  format: ExportFormat,
  options: { page?: ExportPage; signal?: AbortSignal } = {},
): Promise<Response> {
  const res = await apiFetch('GET', `/api/documents/${encodeURIComponent(id)}/export`, {
    token,
    query: { format, page: options.page },
    signal: options.signal,
  });
  if (res.ok) return res;
  throw await apiError(res);
}

export const api = {
  createDocument: (title: string) => request<CreatedDocument>('POST', '/api/documents', { json: { title } }),
  getDocument: (id: string, token: string) =>
    request<DocumentMeta>('GET', `/api/documents/${encodeURIComponent(id)}`, { token }),
  shareLinks: (id: string, token: string) =>
    request<ShareLinksResponse>('GET', `/api/documents/${encodeURIComponent(id)}/links`, { token }),
  titles: (tokens: string[]) => request<TitlesResponse>('POST', '/api/documents/titles', { json: { tokens } }),
  config: () => request<PublicConfig>('GET', '/api/config'),
  exportDocument,
  listVersions: (id: string, token: string, offset: number, limit: number) =>
    request<VersionList>(
      'GET',
      `/api/documents/${encodeURIComponent(id)}/versions?offset=${String(offset)}&limit=${String(limit)}`,
      { token },
    ),
  getVersion: (id: string, token: string, versionId: string) =>
    request<VersionDetail>(
      'GET',
      `/api/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}`,
      { token },
    ),
  createVersion: (id: string, token: string, body: CreateVersionBody) =>
    request<VersionListItem>('POST', `/api/documents/${encodeURIComponent(id)}/versions`, { token, json: body }),
  renameVersion: (id: string, token: string, versionId: string, name: string | null) =>
    request<VersionListItem>(
      'PATCH',
      `/api/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}`,
      { token, json: { name } },
    ),
};
