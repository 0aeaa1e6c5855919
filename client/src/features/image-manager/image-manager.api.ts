import { TOTAL_COUNT_HEADER } from '@shared/api/media-values';
import type { ErrorCode } from '@shared/errors';
import { ImageManagerLimits } from '@shared/limits';
import { ApiError, apiFetch, type FetchOptions } from '../../lib/api-client';
import { isApiError, readJson, withQuery } from '../../lib/api-helpers';
import type { CapabilitySession } from '../../editor/core/capability';
import { normalizeItems, type ManagerImage } from './image-manager.data';

const base = (session: CapabilitySession): string => `/api/documents/${encodeURIComponent(session.docId)}/images`;

/**
 * A manager request; like the baseline, any failure but an abort is the request's own code (no answer
 * and any status but 200 alike).
 */
async function managerFetch(method: string, path: string, failed: ErrorCode, opts: FetchOptions): Promise<Response> {
  let res: Response;
  try {
    res = await apiFetch(method, path, opts);
  } catch (error) {
    throw isApiError(error, 'ABORTED') ? error : new ApiError(failed, 0);
  }
  if (res.status !== 200) throw new ApiError(failed, res.status);
  return res;
}

export interface ImagePage {
  items: ManagerImage[];
  /** Per-item problems (missing thumb, missing url). */
  notices: ErrorCode[];
  /** Total on the server (X-Total-Count); null when the server did not say. */
  total: number | null;
  /** Raw entries the server sent (dropped ones included), to advance the offset. */
  received: number;
}

/** One server-side page of the image manager (only HTTP 200 counts, like the baseline). */
export async function loadImagePage(
  session: CapabilitySession,
  offset: number,
  tag: string | null,
  signal?: AbortSignal,
): Promise<ImagePage> {
  const query = { offset, limit: ImageManagerLimits.pageSize, tag: tag ?? undefined };
  const res = await managerFetch('GET', withQuery(base(session), query), 'IMAGE_MANAGER_LOAD_FAILED', {
    token: session.token,
    signal,
  });
  const raw = await readJson(res, 'IMAGE_MANAGER_BAD_RESPONSE');
  const checked = normalizeItems(raw);
  if ('error' in checked) throw new ApiError(checked.error, res.status);
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  return { ...checked, total, received: Array.isArray(raw) ? raw.length : 0 };
}

/** Deletes an image on the server (`src` = the thumbnail's src, sent as a form like the baseline). */
export async function deleteImage(session: CapabilitySession, src: string): Promise<void> {
  await managerFetch('POST', `${base(session)}/delete`, 'IMAGE_MANAGER_DELETE_FAILED', {
    token: session.token,
    body: new URLSearchParams({ src }),
  });
}

/** Saves an image's tags (comma-separated); resolves to the stored tag string. */
export async function saveImageTag(session: CapabilitySession, id: string, tag: string): Promise<string> {
  const res = await managerFetch('PATCH', `${base(session)}/${encodeURIComponent(id)}`, 'INTERNAL', {
    token: session.token,
    json: { tag },
  });
  const body = (await res.json()) as { tag?: unknown };
  return typeof body.tag === 'string' ? body.tag : tag;
}
