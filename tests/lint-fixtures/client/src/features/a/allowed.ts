// Another feature through its index.ts, the kernel and this feature's own files: allowed.
export { b } from '../b';
export { colors } from '../../features/colors';
export { capabilitiesOf } from '../../editor/core/capability-list';
export { helper } from './helper';
export const lazyB = () => import('../b');
export { chunk, Lazy } from '../../editor/core/lazy';
