import { Type, type Static } from 'typebox';
import { FileLimits, ImageManagerLimits, UploadLimits } from '../limits';
import { DocId } from './documents';

/**
 * Media and autosave API (PRODUCT.md §6). The wire shapes follow Froala 4's server contract
 * (FROALA-REFERENCE "Server contract"), so a Froala editor pointed at these paths works unchanged.
 * Every URL in a response is absolute (TANDEM_PUBLIC_URL, else the request's origin).
 *
 *   POST /api/documents/:id/images            multipart `file` (+ `tag`, `uploader`) → 201 UploadResponse
 *   POST /api/documents/:id/images/fetch      JSON RemoteImageBody → 201 UploadResponse (server fetches, SSRF-safe)
 *   GET  /api/documents/:id/images            → 200 ImageManagerItem[] (whole list; with `offset`/`limit`
 *                                               one page, total in `X-Total-Count`)
 *   PATCH /api/documents/:id/images/:uploadId JSON TagBody → 200 ImageManagerItem
 *   POST /api/documents/:id/images/delete     form or JSON `src` (url or thumb) → 200 DeletedUpload
 *   POST /api/documents/:id/files             multipart `file` (+ `uploader`) → 201 UploadResponse
 *   GET  /api/documents/:id/files             → 200 FileItem[] (`q`, `kind`, `offset`, `limit`; `X-Total-Count`)
 *   POST /api/documents/:id/files/delete      form or JSON `src` → 200 DeletedUpload
 *   POST /api/documents/:id/videos            multipart `file` (+ `uploader`) → 201 UploadResponse
 *   POST /api/documents/:id/snapshots         form or JSON `body` (HTML) → 200 SavedSnapshot
 *   GET  /uploads/:storedName                 the bytes (public; nosniff, CSP sandbox, ranges)
 *
 * Uploads answer 201 when the content is new to the document and 200 when the same bytes were
 * already uploaded to it (same record, stored once).
 */

export const UploadKind = Type.Union([Type.Literal('image'), Type.Literal('file'), Type.Literal('video')]);
export type UploadKind = Static<typeof UploadKind>;

export { UploadFields } from './media-values';

/**
 * Upload answer. Froala copies every key besides `link` onto the inserted element as an attribute,
 * so the extra keys are `data-*` only (never `name`/`id`, which would clobber DOM globals).
 */
export const UploadResponse = Type.Object({
  link: Type.String(),
  'data-id': Type.String(),
  'data-name': Type.String(),
  'data-size': Type.Integer(),
  'data-type': Type.String(),
  'data-thumb': Type.Optional(Type.String()),
  'data-width': Type.Optional(Type.Integer()),
  'data-height': Type.Optional(Type.Integer()),
});
export type UploadResponse = Static<typeof UploadResponse>;

export const MediaParams = Type.Object({ id: DocId }, { additionalProperties: false });
export type MediaParams = Static<typeof MediaParams>;

export const UploadIdParams = Type.Object(
  { id: DocId, uploadId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) },
  { additionalProperties: false },
);
export type UploadIdParams = Static<typeof UploadIdParams>;

export const RemoteImageBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    tag: Type.Optional(Type.String({ maxLength: UploadLimits.maxTagChars })),
    uploader: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type RemoteImageBody = Static<typeof RemoteImageBody>;

/** Image manager item: Froala's `{url, thumb, tag, name}`; other keys become `data-*` on the thumbnail. */
export const ImageManagerItem = Type.Object({
  url: Type.String(),
  thumb: Type.String(),
  /** One tag or a comma-separated list ('' when none). */
  tag: Type.String(),
  name: Type.String(),
  id: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
export type ImageManagerItem = Static<typeof ImageManagerItem>;

/** Paging of the image manager load; without both, the whole list is returned (baseline). */
export const ImageManagerQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ImageManagerLimits.maxPageSize })),
  tag: Type.Optional(Type.String({ maxLength: UploadLimits.maxTagChars })),
});
export type ImageManagerQuery = Static<typeof ImageManagerQuery>;

export const TagBody = Type.Object(
  { tag: Type.String({ maxLength: UploadLimits.maxTagChars }) },
  { additionalProperties: false },
);
export type TagBody = Static<typeof TagBody>;

/** Files manager item (every kind; images and PDFs can be previewed from `url`). */
export const FileItem = Type.Object({
  id: Type.String(),
  url: Type.String(),
  kind: UploadKind,
  name: Type.String(),
  size: Type.Integer(),
  type: Type.String(),
  /** Upload time, ms since the epoch. */
  time: Type.Integer(),
  uploader: Type.String(),
  thumb: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
export type FileItem = Static<typeof FileItem>;

export const FilesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: FileLimits.maxSearchChars })),
  kind: Type.Optional(UploadKind),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FileLimits.maxPageSize })),
});
export type FilesQuery = Static<typeof FilesQuery>;

/** Manager delete: `src` is the upload's url or its thumb url (Froala sends the thumbnail's src). */
export const DeleteUploadBody = Type.Object({ src: Type.String({ minLength: 1, maxLength: 2048 }) });
export type DeleteUploadBody = Static<typeof DeleteUploadBody>;

export const DeletedUpload = Type.Object({ deleted: Type.Literal(true), id: Type.String() });
export type DeletedUpload = Static<typeof DeletedUpload>;

/** Autosave answer. The request is Froala's save call: form-urlencoded or JSON with `body` (HTML, sanitized). */
export const SavedSnapshot = Type.Object({
  id: Type.String(),
  createdAt: Type.Integer(),
  bytes: Type.Integer(),
  /** False when the HTML equals the latest snapshot (nothing new stored). */
  created: Type.Boolean(),
});
export type SavedSnapshot = Static<typeof SavedSnapshot>;

export { MediaNodes, storedNameFromUrl, TOTAL_COUNT_HEADER, UPLOADS_PATH } from './media-values';
