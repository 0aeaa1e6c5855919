export { EMBED_SANDBOX, MAX_HTML_DEPTH, sanitizeHtml } from './html';
export { isAllowedEmbedSrc, isAllowedLinkHref, isAllowedMediaSrc } from './urls';
