import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Navigates within the app (History API); `hash` keeps a capability token out of the server's view. */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  for (const l of listeners) l();
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export type Route = { name: 'home' } | { name: 'document'; docId: string } | { name: 'not-found' };

export function matchRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '') return { name: 'home' };
  const match = /^\/d\/([^/]+)\/?$/.exec(pathname);
  if (match?.[1]) return { name: 'document', docId: decodeURIComponent(match[1]) };
  return { name: 'not-found' };
}
