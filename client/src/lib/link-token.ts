import { rememberDocument, tokenFor } from './recent-documents';

const SESSION_KEY = 'tandem.link.';

/** The address bar's fragment with `token` set to `token`, or removed for undefined (other parts stay). */
function replaceToken(token: string | undefined): void {
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(hash.slice(1));
  if ((params.get('token') ?? undefined) === token) return;
  if (token === undefined) params.delete('token');
  else params.set('token', token);
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
}

/**
 * Keeps the open document's link in the address bar (`#token=…`), so the URL a user copies is a working
 * link with this tab's rights. A fragment never reaches a server or a `Referer`.
 */
export const showTokenInAddressBar = (token: string): void => replaceToken(token);

/** Removes the token from the address bar (the deployment's `linkInAddressBar: false`). */
export const hideTokenFromAddressBar = (): void => replaceToken(undefined);

/** The fragment's token (for any document: the server says whether it fits, and the page which error it is). */
function fragmentToken(hash: string): string | undefined {
  return new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
}

function sessionToken(docId: string): string | undefined {
  try {
    return sessionStorage.getItem(SESSION_KEY + docId) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token of a capability link (`#token=…`), remembered per document so `/d/:id` alone works later;
 * this tab keeps the very token it was opened with, so a reload keeps a viewer link a viewer link. The
 * address bar is left alone: the page shows or hides the token there as the deployment says.
 */
export function tokenFromLocation(docId: string, hash = window.location.hash): string | undefined {
  const fromHash = fragmentToken(hash);
  if (fromHash) {
    rememberDocument(docId, fromHash);
    try {
      sessionStorage.setItem(SESSION_KEY + docId, fromHash);
    } catch {
      // No session storage: a reload falls back to the fragment or the remembered token.
    }
    return fromHash;
  }
  return sessionToken(docId) ?? tokenFor(docId);
}

/** The token `tokenFromLocation` will return, without remembering it. */
export function peekTokenFromLocation(docId: string, hash = window.location.hash): string | undefined {
  return fragmentToken(hash) ?? sessionToken(docId) ?? tokenFor(docId);
}
