// A feature importing the page or the composition root: refused.
export { EditorPage } from '../../document-page/editor-page';
export { capabilities } from '../../capabilities';
