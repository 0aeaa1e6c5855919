// Linted as server/src/plugins/export/worker/pool.ts: two levels up is another plugin, re-exported.
export { versionRoutes } from '../../versions/routes';
export const later = () => import('../../snapshots/index');
