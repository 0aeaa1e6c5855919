import type { EmbedAnswer } from '@shared/api/embeds';
import type { CapabilitySession } from '../../editor/core/capability';
import { apiError, apiFetch, ApiError } from '../../lib/api-client';

/** Asks the server for a page's card (it fetches the page SSRF-safe and re-hosts the picture). */
export async function fetchEmbed(session: CapabilitySession, url: string, signal?: AbortSignal): Promise<EmbedAnswer> {
  const res = await apiFetch('POST', `/api/documents/${encodeURIComponent(session.docId)}/embeds`, {
    token: session.token,
    json: { url },
    signal,
  });
  if (!res.ok) throw await apiError(res, 'EMBED_FETCH_FAILED');
  try {
    return (await res.json()) as EmbedAnswer;
  } catch {
    throw new ApiError('EMBED_FETCH_FAILED', res.status);
  }
}
