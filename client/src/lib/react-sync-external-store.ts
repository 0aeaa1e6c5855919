// Stands in for `use-sync-external-store/shim` (aliased in vite.config.ts): that shim backs React 16
// and 17, while React 19 has the hook built in, so the shim's code need not load.
export { useSyncExternalStore } from 'react';
