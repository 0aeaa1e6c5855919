/** The media API's plain values, without schemas: the client imports these without the schema library. */

/** Multipart text fields sent before the `file` part (Froala's `*UploadParams`). */
export const UploadFields = {
  file: 'file',
  tag: 'tag',
  /** Display name of the author who uploads (shown in the managers). */
  uploader: 'uploader',
} as const;

/** Header carrying the total of a paged list. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Path prefix of served uploads; a node's URL is recognised by it whatever the origin. */
export const UPLOADS_PATH = '/uploads/';

/** The stored name inside an upload URL (absolute or relative), or null. */
export function storedNameFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(UPLOADS_PATH)) return null;
  const name = pathname.slice(UPLOADS_PATH.length);
  return /^[a-z0-9][a-z0-9._-]{0,127}$/.test(name) ? name : null;
}

/** Document-node names that reference uploads, and the attribute holding the URL (from the document model). */
export { MediaNodes } from '../document/model/media-nodes';
