import type { UploadKind } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { ImageLimits, VideoLimits } from '@shared/limits';
import type { CapabilityContext } from '../../editor/core/capability';

const tooLarge: Record<UploadKind, ErrorCode> = {
  image: 'IMAGE_TOO_LARGE',
  file: 'FILE_TOO_LARGE',
  video: 'VIDEO_TOO_LARGE',
};

/** The lower-case extension of a file name ('' without one). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The subtype of a MIME type of the given top-level types ('' otherwise). */
function subtypeOf(mime: string, tops: readonly string[]): string {
  const [top, sub] = mime.toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  return top && sub && tops.includes(top) ? sub : '';
}

/**
 * Client-side checks before any request (size cap per kind; image and video types) → the baseline
 * code or null. The server checks the bytes again; this only spares a doomed request.
 */
export function precheckUpload(kind: UploadKind, file: File, uploads: CapabilityContext['uploads']): ErrorCode | null {
  const cap =
    kind === 'image' ? uploads.maxImageBytes : kind === 'video' ? uploads.maxVideoBytes : uploads.maxFileBytes;
  if (file.size > cap) return tooLarge[kind];
  if (kind === 'image') {
    const type = subtypeOf(file.type, ['image']) || extensionOf(file.name);
    const allowed: readonly string[] = ImageLimits.allowedTypes;
    if (type && !allowed.includes(type)) return 'IMAGE_INVALID_TYPE';
  }
  if (kind === 'video') {
    const type = subtypeOf(file.type, ['video', 'audio']) || extensionOf(file.name);
    const allowed: readonly string[] = VideoLimits.allowedTypes;
    if (type && !allowed.includes(type)) return 'VIDEO_INVALID_TYPE';
  }
  return null;
}
