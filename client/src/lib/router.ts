import { useSyncExternalStore } from 'react';

export { matchRoute, type Route } from './route';

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
