// The page importing a feature or the composition root: refused (the app hands them down).
export { downloadDocumentHtml } from '../features/html-entities';
export { composition } from '../capabilities';
