// The kernel reaching a feature, the page and the composition root: each one is refused.
export { bold } from '../../features/bold';
export { EditorShell } from '../../document-page/editor-shell';
export { capabilities } from '../../capabilities';
export const lazyTable = () => import('../../features/table');
