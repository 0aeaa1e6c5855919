import { rememberDocument, tokenFor } from './recent-documents';

const SESSION_KEY = 'tandem.link.';

/** Removes `token` from the address bar's fragment (path, query and other fragment parts stay). */
function dropTokenFromAddressBar(params: URLSearchParams): void {
  params.delete('token');
  const rest = params.toString();
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
}

function sessionToken(docId: string): string | undefined {
  try {
    return sessionStorage.getItem(SESSION_KEY + docId) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token of a capability link (`#token=…`), remembered per document so `/d/:id` alone works later.
 * Once remembered it leaves the address bar (screenshots, screen sharing, copied URLs); this tab
 * keeps the very token it was opened with, so a reload keeps a viewer link a viewer link.
 */
export function tokenFromLocation(docId: string, hash = window.location.hash): string | undefined {
  const params = new URLSearchParams(hash.slice(1));
  const fromHash = params.get('token') ?? undefined;
  if (fromHash) {
    rememberDocument(docId, fromHash);
    try {
      sessionStorage.setItem(SESSION_KEY + docId, fromHash);
    } catch {
      // No session storage: a reload falls back to the remembered token.
    }
    if (hash === window.location.hash) dropTokenFromAddressBar(params);
    return fromHash;
  }
  return sessionToken(docId) ?? tokenFor(docId);
}

/** The token `tokenFromLocation` will return, without remembering it or touching the address bar. */
export function peekTokenFromLocation(docId: string, hash = window.location.hash): string | undefined {
  return new URLSearchParams(hash.slice(1)).get('token') ?? sessionToken(docId) ?? tokenFor(docId);
}
