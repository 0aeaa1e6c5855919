// Another feature's file, statically and lazily, and through the features/ path: each one is refused.
export { ColorPicker } from '../b/b.toolbar';
export { helper } from '../../features/b/helper';
export const lazyForm = () => import('../b/b.form');
