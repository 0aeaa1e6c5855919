import { useSyncExternalStore } from 'react';
import { emitter } from './store';

export { matchRoute, type Route } from './route';

// The page's one address: module-level like `window.location` itself.
const navigated = emitter();

function subscribe(listener: () => void): () => void {
  const stop = navigated.on(listener);
  window.addEventListener('popstate', listener);
  return () => {
    stop();
    window.removeEventListener('popstate', listener);
  };
}

/** Navigates within the app (History API); `hash` keeps a capability token out of the server's view. */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  navigated.emit();
}

/** Replaces the address without a new history entry (a link's token leaves the address bar). */
export function replaceLocation(path: string): void {
  window.history.replaceState(null, '', path);
  navigated.emit();
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
