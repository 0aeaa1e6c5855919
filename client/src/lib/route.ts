import { isValidDocId } from '@shared/api/doc-id';

// No React here: the boot script reads the route before the app's code has arrived.
export type Route =
  | { name: 'home' }
  | { name: 'document'; docId: string }
  /** A "My documents" link (`/l/:id#token=…`): the home page adopts the list. */
  | { name: 'list'; listId: string }
  | { name: 'not-found' };

export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { name: 'home' };
  const match = /^\/d\/([^/]+)\/?$/.exec(pathname);
  if (match?.[1]) return { name: 'document', docId: decodeURIComponent(match[1]) };
  const list = /^\/l\/([^/]+)\/?$/.exec(pathname);
  if (list?.[1]) return { name: 'list', listId: decodeURIComponent(list[1]) };
  return { name: 'not-found' };
}

/** The id of the document this page shows (`/d/:id` with a valid id), or null on any other page. */
export function documentIdOfPage(pathname = window.location.pathname): string | null {
  const route = matchRoute(pathname);
  return route.name === 'document' && isValidDocId(route.docId) ? route.docId : null;
}
