import { TOTAL_COUNT_HEADER } from '@shared/api/media-values';
import type { FileItem, UploadKind } from '@shared/api/media';
import { FileLimits } from '@shared/limits';
import { ApiError, apiError, apiFetch } from '../../lib/api-client';
import { readJson, withQuery } from '../../lib/api-helpers';
import type { CapabilitySession } from '../../editor/core/capability';
import { readFileItems } from './files-manager.data';

const base = (session: CapabilitySession): string => `/api/documents/${encodeURIComponent(session.docId)}/files`;

export interface FilesQueryInput {
  q: string;
  kind: UploadKind | '';
  offset: number;
}

/** One page of the document's files; a refusal is FILES_MANAGER_LOAD_FAILED, a bad answer FILE_BAD_RESPONSE. */
export async function listFiles(
  session: CapabilitySession,
  query: FilesQueryInput,
  signal?: AbortSignal,
): Promise<{ items: FileItem[]; total: number }> {
  const path = withQuery(base(session), {
    offset: query.offset,
    limit: FileLimits.pageSize,
    q: query.q.trim().slice(0, FileLimits.maxSearchChars),
    kind: query.kind,
  });
  const res = await apiFetch('GET', path, { token: session.token, signal });
  if (res.status !== 200) throw new ApiError('FILES_MANAGER_LOAD_FAILED', res.status);
  const raw = await readJson(res, 'FILE_BAD_RESPONSE');
  const items = readFileItems(raw);
  if (!items) throw new ApiError('FILE_BAD_RESPONSE', res.status);
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : query.offset + items.length;
  return { items, total };
}

/** Deletes a stored file; a refusal throws ApiError with the server's code. */
export async function deleteFile(session: CapabilitySession, src: string): Promise<void> {
  const res = await apiFetch('POST', `${base(session)}/delete`, { token: session.token, json: { src } });
  if (res.status !== 200) throw await apiError(res);
}
