/**
 * The error catalogue (PRODUCT.md §5). Every error the server sends is `{ code, message }` with a code
 * from here; the client shows `errors.<CODE>` from i18n, never the server's prose.
 * `baseline` keeps Froala 4's numbered code (image 1–8, image manager 10–22, save 1–2, file, video,
 * files manager, upload provider) for the codes that have one.
 */

interface ErrorSpec {
  /** HTTP status the server answers with. */
  readonly status: number;
  /** English message (the server's `message`; the UI uses i18n). */
  readonly message: string;
  /** The baseline's own numbered code, where it has one. */
  readonly baseline?: { readonly group: BaselineGroup; readonly number: number };
}

export type BaselineGroup = 'image' | 'imageManager' | 'save' | 'file' | 'filesManager' | 'video' | 'uploadProvider';

const spec = <T extends Record<string, ErrorSpec>>(table: T): T => table;

export const Errors = spec({
  // Generic request errors (ours).
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'The request body or parameters are not valid.' },
  UNAUTHORIZED: { status: 401, message: 'A valid link token is required.' },
  FORBIDDEN: { status: 403, message: 'This link does not allow that action.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  DOC_NOT_FOUND: { status: 404, message: 'The document does not exist.' },
  DOC_DELETED: { status: 410, message: 'The document is in the trash.' },
  DOC_NOT_DELETED: { status: 409, message: 'The document is not in the trash.' },
  DOC_TOO_LARGE: { status: 413, message: 'The document is too large.' },
  INVALID_DOC_ID: { status: 400, message: 'The document id is not valid.' },
  TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This type of content is not supported.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment.' },
  ADMIN_DISABLED: { status: 404, message: 'The admin API is not enabled on this server.' },
  NOT_READY: { status: 503, message: 'The server is not ready.' },
  INTERNAL: { status: 500, message: 'Something went wrong on the server.' },

  // "My documents" lists (issue 25). A missing, wrong or other list's token is one answer: nothing tells apart
  // a list that exists from one that does not.
  LIST_UNAUTHORIZED: { status: 401, message: 'This "My documents" link is not valid.' },
  LIST_NOT_FOUND: { status: 404, message: 'This document list no longer exists.' },
  LIST_FULL: { status: 409, message: 'The list is full. Remove documents from it first.' },
  LIST_ITEM_INVALID: { status: 400, message: 'This link does not open that document.' },

  // Image (baseline image.error 1–8).
  IMAGE_BAD_LINK: {
    status: 400,
    message: 'Image cannot be loaded from the passed link.',
    baseline: { group: 'image', number: 1 },
  },
  IMAGE_NO_LINK: { status: 502, message: 'No link in upload response.', baseline: { group: 'image', number: 2 } },
  IMAGE_UPLOAD_FAILED: { status: 500, message: 'Error during file upload.', baseline: { group: 'image', number: 3 } },
  IMAGE_BAD_RESPONSE: { status: 502, message: 'Parsing response failed.', baseline: { group: 'image', number: 4 } },
  IMAGE_TOO_LARGE: { status: 413, message: 'File is too large.', baseline: { group: 'image', number: 5 } },
  IMAGE_INVALID_TYPE: { status: 415, message: 'Image file type is invalid.', baseline: { group: 'image', number: 6 } },
  IMAGE_UNSUPPORTED_BROWSER: {
    status: 400,
    message: 'Files can be uploaded only to same domain in IE 8 and IE 9.',
    baseline: { group: 'image', number: 7 },
  },
  IMAGE_CORRUPTED: { status: 422, message: 'Image file is corrupted.', baseline: { group: 'image', number: 8 } },

  // Image manager (baseline 10–15, 21, 22).
  IMAGE_MANAGER_BAD_LINK: {
    status: 400,
    message: 'Image cannot be loaded from the passed link.',
    baseline: { group: 'imageManager', number: 10 },
  },
  IMAGE_MANAGER_LOAD_FAILED: {
    status: 500,
    message: 'Error during load images request.',
    baseline: { group: 'imageManager', number: 11 },
  },
  IMAGE_MANAGER_NO_LOAD_URL: {
    status: 400,
    message: 'Missing imageManagerLoadURL option.',
    baseline: { group: 'imageManager', number: 12 },
  },
  IMAGE_MANAGER_BAD_RESPONSE: {
    status: 502,
    message: 'Parsing load response failed.',
    baseline: { group: 'imageManager', number: 13 },
  },
  IMAGE_MANAGER_NO_THUMB: {
    status: 502,
    message: 'Missing image thumb.',
    baseline: { group: 'imageManager', number: 14 },
  },
  IMAGE_MANAGER_NO_URL: { status: 502, message: 'Missing image URL.', baseline: { group: 'imageManager', number: 15 } },
  IMAGE_MANAGER_DELETE_FAILED: {
    status: 500,
    message: 'Error during delete image request.',
    baseline: { group: 'imageManager', number: 21 },
  },
  IMAGE_MANAGER_NO_DELETE_URL: {
    status: 400,
    message: 'Missing imageManagerDeleteURL option.',
    baseline: { group: 'imageManager', number: 22 },
  },

  // Save (baseline save.error 1–2).
  SAVE_NO_URL: { status: 400, message: 'Missing saveURL option.', baseline: { group: 'save', number: 1 } },
  SAVE_FAILED: { status: 500, message: 'Something went wrong during save.', baseline: { group: 'save', number: 2 } },

  // File (baseline file.error 1–7).
  FILE_BAD_LINK: {
    status: 400,
    message: 'File cannot be loaded from the passed link.',
    baseline: { group: 'file', number: 1 },
  },
  FILE_NO_LINK: { status: 502, message: 'No link in upload response.', baseline: { group: 'file', number: 2 } },
  FILE_UPLOAD_FAILED: { status: 500, message: 'Error during file upload.', baseline: { group: 'file', number: 3 } },
  FILE_BAD_RESPONSE: { status: 502, message: 'Parsing response failed.', baseline: { group: 'file', number: 4 } },
  FILE_TOO_LARGE: { status: 413, message: 'File is too large.', baseline: { group: 'file', number: 5 } },
  FILE_INVALID_TYPE: { status: 415, message: 'File type is invalid.', baseline: { group: 'file', number: 6 } },
  FILE_UNSUPPORTED_BROWSER: {
    status: 400,
    message: 'Files can be uploaded only to same domain in IE 8 and IE 9.',
    baseline: { group: 'file', number: 7 },
  },

  // Files manager (baseline 1–9; 1–7 as files, plus 8 and 9).
  FILES_MANAGER_CORRUPTED: {
    status: 422,
    message: 'File is corrupted.',
    baseline: { group: 'filesManager', number: 8 },
  },
  FILES_MANAGER_LOAD_FAILED: {
    status: 500,
    message: 'Error during file loading.',
    baseline: { group: 'filesManager', number: 9 },
  },

  // Video (baseline video.error 1–7).
  VIDEO_BAD_LINK: {
    status: 400,
    message: 'Video cannot be loaded from the passed link.',
    baseline: { group: 'video', number: 1 },
  },
  VIDEO_NO_LINK: { status: 502, message: 'No link in upload response.', baseline: { group: 'video', number: 2 } },
  VIDEO_UPLOAD_FAILED: { status: 500, message: 'Error during file upload.', baseline: { group: 'video', number: 3 } },
  VIDEO_BAD_RESPONSE: { status: 502, message: 'Parsing response failed.', baseline: { group: 'video', number: 4 } },
  VIDEO_TOO_LARGE: { status: 413, message: 'File is too large.', baseline: { group: 'video', number: 5 } },
  VIDEO_INVALID_TYPE: { status: 415, message: 'Video file type is invalid.', baseline: { group: 'video', number: 6 } },
  VIDEO_UNSUPPORTED_BROWSER: {
    status: 400,
    message: 'Files can be uploaded only to same domain in IE 8 and IE 9.',
    baseline: { group: 'video', number: 7 },
  },

  // Uploads, managers and remote media (ours).
  UPLOAD_MISSING_FILE: { status: 400, message: 'The request has no file part named "file".' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'This upload does not exist.' },
  UPLOAD_FORBIDDEN: { status: 403, message: 'This upload belongs to another document.' },
  IMAGE_TOO_MANY_PIXELS: { status: 413, message: 'The image has too many pixels.' },
  REMOTE_URL_FORBIDDEN: { status: 400, message: 'This address cannot be fetched.' },
  VIDEO_URL_UNSUPPORTED: { status: 400, message: 'This video address is not supported.' },
  EMBED_URL_INVALID: { status: 400, message: 'Only a web address (http or https) can become a card.' },
  EMBED_FETCH_FAILED: { status: 502, message: 'The page could not be read for a card.' },
  EMBED_PAGE_TOO_LARGE: { status: 413, message: 'The page is too large to make a card of.' },
  VIDEO_EMBED_REJECTED: { status: 400, message: 'Only embed code from an allowed video site is accepted.' },
  FILES_MANAGER_BAD_URL: { status: 400, message: 'Url entered is invalid. Please try again.' },
  SNAPSHOT_BODY_MISSING: { status: 400, message: 'The save request has no "body" field.' },
  VERSION_NOT_FOUND: { status: 404, message: 'This version does not exist.' },
  VERSION_NAME_INVALID: { status: 400, message: 'A version name is 1 to 100 characters long.' },
  // Comments (issue 28).
  COMMENT_THREAD_NOT_FOUND: { status: 404, message: 'This comment thread does not exist.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'This comment does not exist.' },
  COMMENT_THREAD_EXISTS: { status: 409, message: 'A comment thread with this id already exists.' },
  COMMENT_BODY_INVALID: { status: 400, message: 'A comment is 1 to 5000 characters long.' },
  COMMENT_NOT_YOURS: { status: 403, message: 'Only its author can change this comment.' },
  COMMENT_LIMIT_REACHED: { status: 409, message: 'This document or thread has reached its number of comments.' },
  COMMENT_AUTHOR_REQUIRED: { status: 400, message: 'The request does not say which author sends it.' },
  ARCHIVE_INVALID: { status: 400, message: 'This file is not a Tandem document archive.' },
  BACKUP_FAILED: { status: 500, message: 'The backup could not be written.' },
  // The whole-store backup covers the embedded SQLite file; PostgreSQL has its own tools (issue 27).
  BACKUP_USE_PG_DUMP: {
    status: 409,
    message: 'The database is PostgreSQL: back it up with pg_dump and copy the upload storage (folder or bucket).',
  },
  EXPORT_BUSY: { status: 503, message: 'Too many exports at once. Please try again in a moment.' },
  EXPORT_TIMEOUT: { status: 503, message: 'The export took too long and was stopped.' },

  // Upload providers (baseline §42).
  PROVIDER_KEY_MISSING: {
    status: 500,
    message: 'The upload provider key is missing.',
    baseline: { group: 'uploadProvider', number: 1 },
  },
  PROVIDER_PROCESSING_FAILED: {
    status: 502,
    message: 'Upload failed while processing the request.',
    baseline: { group: 'uploadProvider', number: 4 },
  },
  PROVIDER_BROWSER_UNSUPPORTED: {
    status: 400,
    message: 'The upload provider is not supported on this browser.',
    baseline: { group: 'uploadProvider', number: 5 },
  },
  PROVIDER_MEDIA_TYPE_UNSUPPORTED: {
    status: 415,
    message: 'The selected media types are not supported.',
    baseline: { group: 'uploadProvider', number: 6 },
  },
  PROVIDER_SOURCE_TYPE_UNSUPPORTED: {
    status: 400,
    message: 'The selected source types are not supported.',
    baseline: { group: 'uploadProvider', number: 7 },
  },
});

export type ErrorCode = keyof typeof Errors;

/** Every code, for iteration (i18n completeness checks, README sync test). */
export const ErrorCodes = Object.keys(Errors) as ErrorCode[];

/** The body of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(Errors, value);
}

export function errorBody(code: ErrorCode, details?: unknown): ErrorBody {
  return details === undefined
    ? { code, message: Errors[code].message }
    : { code, message: Errors[code].message, details };
}
