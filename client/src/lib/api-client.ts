import type { CreatedDocument, DocumentMeta, ShareLinksResponse, TitlesResponse } from '@shared/api/documents';
import type { PublicConfig } from '@shared/api/config';
import type { CreatedList, ListItem, ListResponse } from '@shared/api/lists';
import type { ErrorCode } from '@shared/errors';
import { ApiError } from './api-error';
import type { CreateVersionBody, VersionDetail, VersionList, VersionListItem } from '@shared/api/versions';
import type {
  CommentThread,
  CommentThreadList,
  CreateReplyBody,
  CreateThreadBody,
  UpdateThreadBody,
} from '@shared/api/comments';
import { COMMENT_AUTHOR_HEADER } from '@shared/api/comment-values';
import { takePrefetched } from './early-requests';

export { ApiError, type ApiErrorCode } from './api-error';

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
    const { refusalError } = await import('./api-helpers');
    return refusalError(body, res.status, fallback);
  } catch {
    return new ApiError('NETWORK', res.status);
  }
}

export interface FetchOptions {
  /** The link token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a form as URLSearchParams: the browser sets its content type). */
  body?: URLSearchParams;
  signal?: AbortSignal;
  /** More request headers (the comments' author key). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The one place the client calls the server: the response whatever its status (the caller reads it),
 * ApiError NETWORK when there is no answer, ABORTED when `signal` cancelled it.
 */
export async function apiFetch(method: string, path: string, opts: FetchOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | URLSearchParams | undefined = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  try {
    // The boot script may have started this GET already (lib/early-requests.ts).
    const early = method === 'GET' && !opts.signal && !opts.headers ? takePrefetched(path, opts.token) : null;
    return await (early ?? fetch(path, { method, headers, body, signal: opts.signal }));
  } catch {
    throw new ApiError(opts.signal?.aborted ? 'ABORTED' : 'NETWORK', 0);
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

/** The path of a document's comments, or of one thread, reply… under it. */
const commentsPath = (id: string, ...rest: string[]): string =>
  [`/api/documents/${encodeURIComponent(id)}/comments`, ...rest.map(encodeURIComponent)].join('/');

/** What every comments call sends: the link token and the author key (`mine`, own comments). */
const commentOpts = (token: string, author: string, json?: unknown): FetchOptions => ({
  token,
  headers: { [COMMENT_AUTHOR_HEADER]: author },
  ...(json === undefined ? {} : { json }),
});

export const api = {
  createDocument: (title: string) => request<CreatedDocument>('POST', '/api/documents', { json: { title } }),
  getDocument: (id: string, token: string) =>
    request<DocumentMeta>('GET', `/api/documents/${encodeURIComponent(id)}`, { token }),
  shareLinks: (id: string, token: string) =>
    request<ShareLinksResponse>('GET', `/api/documents/${encodeURIComponent(id)}/links`, { token }),
  titles: (tokens: string[]) => request<TitlesResponse>('POST', '/api/documents/titles', { json: { tokens } }),
  /** Moves a document to the trash (editor token). */
  trashDocument: (id: string, token: string) =>
    request<DocumentMeta>('DELETE', `/api/documents/${encodeURIComponent(id)}`, { token }),
  restoreDocument: (id: string, token: string) =>
    request<DocumentMeta>('POST', `/api/documents/${encodeURIComponent(id)}/restore`, { token }),
  createList: () => request<CreatedList>('POST', '/api/lists'),
  getList: (listId: string, listToken: string) =>
    request<ListResponse>('GET', `/api/lists/${encodeURIComponent(listId)}`, { token: listToken }),
  putListItem: (listId: string, listToken: string, docId: string, docToken: string) =>
    request<ListItem>('PUT', `/api/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(docId)}`, {
      token: listToken,
      json: { token: docToken },
    }),
  removeListItem: (listId: string, listToken: string, docId: string) =>
    request<undefined>('DELETE', `/api/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(docId)}`, {
      token: listToken,
    }),
  config: () => request<PublicConfig>('GET', '/api/config'),
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
  listComments: (id: string, token: string, author: string) =>
    request<CommentThreadList>('GET', commentsPath(id), commentOpts(token, author)),
  getCommentThread: (id: string, token: string, author: string, threadId: string) =>
    request<CommentThread>('GET', commentsPath(id, threadId), commentOpts(token, author)),
  createCommentThread: (id: string, token: string, author: string, body: CreateThreadBody) =>
    request<CommentThread>('POST', commentsPath(id), commentOpts(token, author, body)),
  replyToComment: (id: string, token: string, author: string, threadId: string, body: CreateReplyBody) =>
    request<CommentThread>('POST', commentsPath(id, threadId, 'replies'), commentOpts(token, author, body)),
  updateCommentThread: (id: string, token: string, author: string, threadId: string, body: UpdateThreadBody) =>
    request<CommentThread>('PATCH', commentsPath(id, threadId), commentOpts(token, author, body)),
  editComment: (id: string, token: string, author: string, threadId: string, commentId: string, body: string) =>
    request<CommentThread>(
      'PATCH',
      commentsPath(id, threadId, 'replies', commentId),
      commentOpts(token, author, { body }),
    ),
  deleteComment: (id: string, token: string, author: string, threadId: string, commentId: string) =>
    request<CommentThread>('DELETE', commentsPath(id, threadId, 'replies', commentId), commentOpts(token, author)),
  deleteCommentThread: (id: string, token: string, author: string, threadId: string) =>
    request<undefined>('DELETE', commentsPath(id, threadId), commentOpts(token, author)),
  renameVersion: (id: string, token: string, versionId: string, name: string | null) =>
    request<VersionListItem>(
      'PATCH',
      `/api/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}`,
      { token, json: { name } },
    ),
};
