import { TOTAL_COUNT_HEADER } from '@shared/api/media-values';
import { ImageManagerLimits } from '@shared/limits';
import type { CapabilitySession } from '../../editor/core/capability';
import { normalizeItems, type ManagerImage } from './image-manager.data';

/** A failed manager request, with the baseline's image-manager error number (10–22). */
export class ImageManagerError extends Error {
  constructor(readonly baseline: number) {
    super(`image manager error ${baseline}`);
  }
}

const base = (session: CapabilitySession): string => `/api/documents/${encodeURIComponent(session.docId)}/images`;
const auth = (session: CapabilitySession): Record<string, string> => ({ authorization: `Bearer ${session.token}` });

export interface ImagePage {
  items: ManagerImage[];
  /** Baseline numbers of per-item problems (14 missing thumb, 15 missing url). */
  notices: number[];
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
  const params = new URLSearchParams({ offset: String(offset), limit: String(ImageManagerLimits.pageSize) });
  if (tag) params.set('tag', tag);
  let res: Response;
  try {
    res = await fetch(`${base(session)}?${params.toString()}`, { headers: auth(session), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ImageManagerError(11);
  }
  if (res.status !== 200) throw new ImageManagerError(11);
  let raw: unknown;
  try {
    raw = JSON.parse(await res.text());
  } catch {
    throw new ImageManagerError(13);
  }
  const checked = normalizeItems(raw);
  if ('error' in checked) throw new ImageManagerError(checked.error);
  const header = res.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  return { ...checked, total, received: Array.isArray(raw) ? raw.length : 0 };
}

/** Deletes an image on the server (`src` = the thumbnail's src, as the baseline sends it). */
export async function deleteImage(session: CapabilitySession, src: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${base(session)}/delete`, {
      method: 'POST',
      headers: { ...auth(session), 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ src }).toString(),
    });
  } catch {
    throw new ImageManagerError(21);
  }
  if (res.status !== 200) throw new ImageManagerError(21);
}

/** Saves an image's tags (comma-separated); resolves to the stored tag string. */
export async function saveImageTag(session: CapabilitySession, id: string, tag: string): Promise<string> {
  const res = await fetch(`${base(session)}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { ...auth(session), 'content-type': 'application/json' },
    body: JSON.stringify({ tag }),
  });
  if (res.status !== 200) throw new Error(`tag not saved: ${res.status}`);
  const body = (await res.json()) as { tag?: unknown };
  return typeof body.tag === 'string' ? body.tag : tag;
}
