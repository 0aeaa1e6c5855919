import { TOTAL_COUNT_HEADER } from '@shared/api/media-values';
import type { FileItem, UploadKind } from '@shared/api/media';
import { FileLimits } from '@shared/limits';
import type { ErrorCode } from '@shared/errors';
import { isErrorCode } from '../../lib/error-catalogue';
import type { CapabilitySession } from '../../editor/core/capability';
import { filesManagerErrorCode, readFileItems } from './files-manager.data';

/** A failed files-manager request, with the code to show. */
export class FilesManagerError extends Error {
  constructor(readonly code: ErrorCode | 'NETWORK') {
    super(code);
  }
}

const base = (session: CapabilitySession): string => `/api/documents/${encodeURIComponent(session.docId)}/files`;
const auth = (session: CapabilitySession): Record<string, string> => ({ authorization: `Bearer ${session.token}` });

export interface FilesQueryInput {
  q: string;
  kind: UploadKind | '';
  offset: number;
}

export async function listFiles(
  session: CapabilitySession,
  query: FilesQueryInput,
  signal?: AbortSignal,
): Promise<{ items: FileItem[]; total: number }> {
  const params = new URLSearchParams({ offset: String(query.offset), limit: String(FileLimits.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim().slice(0, FileLimits.maxSearchChars));
  if (query.kind) params.set('kind', query.kind);
  let res: Response;
  try {
    res = await fetch(`${base(session)}?${params.toString()}`, { headers: auth(session), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new FilesManagerError('NETWORK');
  }
  const failed = filesManagerErrorCode(9) ?? 'FILES_MANAGER_LOAD_FAILED';
  if (res.status !== 200) throw new FilesManagerError(failed);
  let raw: unknown;
  try {
    raw = JSON.parse(await res.text());
  } catch {
    throw new FilesManagerError(filesManagerErrorCode(4) ?? failed);
  }
  const items = readFileItems(raw);
  if (!items) throw new FilesManagerError(filesManagerErrorCode(4) ?? failed);
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : query.offset + items.length;
  return { items, total };
}

export async function deleteFile(session: CapabilitySession, src: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${base(session)}/delete`, {
      method: 'POST',
      headers: { ...auth(session), 'content-type': 'application/json' },
      body: JSON.stringify({ src }),
    });
  } catch {
    throw new FilesManagerError('NETWORK');
  }
  if (res.status === 200) return;
  let code: unknown;
  try {
    code = ((await res.json()) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  throw new FilesManagerError(isErrorCode(code) ? code : 'INTERNAL');
}
