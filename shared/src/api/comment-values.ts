/** The comments API's plain values, without schemas: the client imports these without the schema library. */

/** The y-websocket message type of a comments frame (y-protocols uses 0–3). */
export const COMMENTS_MESSAGE_TYPE = 100;

/** The header that names the author of a request (a browser's random key, CommentAuthorKey). */
export const COMMENT_AUTHOR_HEADER = 'x-tandem-author';
