export { MAX_HTML_DEPTH, sanitizeHtml } from './html';
