/** The capability link of PRODUCT.md §2: the token travels in the fragment, never to the server's logs. */
export function capabilityLink(origin: string, docId: string, token: string): string {
  return `${origin}/d/${encodeURIComponent(docId)}#token=${encodeURIComponent(token)}`;
}

/** The link of a "My documents" list (`/l/:id#token=…`): the token travels in the fragment too. */
export function listLink(origin: string, listId: string, token: string): string {
  return `${origin}/l/${encodeURIComponent(listId)}#token=${encodeURIComponent(token)}`;
}
