import type { CreatedDocument, DocumentMeta, ShareLinksResponse, TitlesResponse } from '@shared/api/documents';
import type { PublicConfig } from '@shared/api/config';
import type { ExportFormat, ExportPage } from '@shared/api/export';
import type { ErrorCode } from '@shared/errors';
import type { CreateVersionBody, VersionDetail, VersionList, VersionListItem } from '@shared/api/versions';
import { takePrefetched } from './early-requests';

/** A failed API call with the server's typed code (NETWORK when the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
  ) {
    super(code);
  }
}

/**
 * The error for a refusal, once the error catalogue (and with it the messages the UI will show) is
 * there. If the catalogue cannot be fetched (offline, or a stale page whose chunks are gone), the
 * refusal is reported as NETWORK, whose message is in the first load; the status stays.
 */
async function apiError(code: unknown, status: number): Promise<ApiError> {
  try {
    const { isErrorCode } = await import('./error-catalogue');
    return new ApiError(isErrorCode(code) ? code : 'INTERNAL', status);
  } catch {
    return new ApiError('NETWORK', status);
  }
}

async function request<T>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    const early = method === 'GET' ? takePrefetched(path, opts.token) : null;
    res = await (early ??
      fetch(path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      }));
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: handled below by status
  }
  if (!res.ok) throw await apiError((json as { code?: unknown } | undefined)?.code, res.status);
  return json as T;
}

/**
 * `GET /api/documents/:id/export`: the response, its body still unread (the caller streams it for
 * progress). A refusal throws ApiError with the server's code; an abort through `signal` rejects with
 * the fetch's AbortError.
 */
async function exportDocument(
  id: string,
  token: string,
  format: ExportFormat,
  options: { page?: ExportPage; signal?: AbortSignal } = {},
): Promise<Response> {
  const query = new URLSearchParams({ format });
  if (options.page) query.set('page', options.page);
  let res: Response;
  try {
    res = await fetch(`/api/documents/${encodeURIComponent(id)}/export?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 0);
  }
  if (res.ok) return res;
  let code: unknown;
  try {
    code = ((await res.json()) as { code?: unknown } | null)?.code;
  } catch {
    // not JSON: the status decides
  }
  throw await apiError(code, res.status);
}

export const api = {
  createDocument: (title: string) => request<CreatedDocument>('POST', '/api/documents', { body: { title } }),
  getDocument: (id: string, token: string) =>
    request<DocumentMeta>('GET', `/api/documents/${encodeURIComponent(id)}`, { token }),
  shareLinks: (id: string, token: string) =>
    request<ShareLinksResponse>('GET', `/api/documents/${encodeURIComponent(id)}/links`, { token }),
  titles: (tokens: string[]) => request<TitlesResponse>('POST', '/api/documents/titles', { body: { tokens } }),
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
    request<VersionListItem>('POST', `/api/documents/${encodeURIComponent(id)}/versions`, { token, body }),
  renameVersion: (id: string, token: string, versionId: string, name: string | null) =>
    request<VersionListItem>(
      'PATCH',
      `/api/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}`,
      { token, body: { name } },
    ),
};
