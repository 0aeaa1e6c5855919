import { rememberDocument, tokenFor } from './recent-documents';

/** The token of a capability link (`#token=…`), remembered per document so `/d/:id` alone works later. */
export function tokenFromLocation(docId: string, hash = window.location.hash): string | undefined {
  const fromHash = new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
  if (fromHash) {
    rememberDocument(docId, fromHash);
    return fromHash;
  }
  return tokenFor(docId);
}
