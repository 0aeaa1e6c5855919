import { UploadFields } from '@shared/api/media-values';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import { isErrorCode, type ErrorCode } from '@shared/errors';
import { ImageLimits, VideoLimits } from '@shared/limits';
import type { CapabilityContext, CapabilitySession } from '../../editor/capability';

/** A failed upload: the server's typed code, NETWORK (no answer) or ABORTED (cancelled here). */
export class UploadError extends Error {
  constructor(readonly code: ErrorCode | 'NETWORK' | 'ABORTED') {
    super(code);
    this.name = 'UploadError';
  }
}

const endpoint: Record<UploadKind, string> = { image: 'images', file: 'files', video: 'videos' };

/** The baseline's per-kind codes for "upload failed", "no link" and "bad response". */
const kindCodes: Record<UploadKind, { failed: ErrorCode; noLink: ErrorCode; badResponse: ErrorCode }> = {
  image: { failed: 'IMAGE_UPLOAD_FAILED', noLink: 'IMAGE_NO_LINK', badResponse: 'IMAGE_BAD_RESPONSE' },
  file: { failed: 'FILE_UPLOAD_FAILED', noLink: 'FILE_NO_LINK', badResponse: 'FILE_BAD_RESPONSE' },
  video: { failed: 'VIDEO_UPLOAD_FAILED', noLink: 'VIDEO_NO_LINK', badResponse: 'VIDEO_BAD_RESPONSE' },
};

export function mediaUrl(session: CapabilitySession, suffix: string): string {
  return `/api/documents/${encodeURIComponent(session.docId)}/${suffix}`;
}

/** Reads an upload answer: the typed code of a refusal, or the response with its `link` checked. */
export function parseUploadAnswer(kind: UploadKind, status: number, text: string): UploadResponse {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (status < 200 || status >= 300) {
    const code = typeof json === 'object' && json !== null ? (json as { code?: unknown }).code : undefined;
    throw new UploadError(isErrorCode(code) ? code : kindCodes[kind].failed);
  }
  if (typeof json !== 'object' || json === null) throw new UploadError(kindCodes[kind].badResponse);
  const link = (json as { link?: unknown }).link;
  if (typeof link !== 'string' || link === '') throw new UploadError(kindCodes[kind].noLink);
  return json as UploadResponse;
}

/** XHR multipart POST of `file` to /api/documents/:docId/{images|files|videos}, with progress; Bearer token. */
export function sendUpload(opts: {
  session: CapabilitySession;
  kind: UploadKind;
  file: Blob;
  fileName: string;
  tag?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<UploadResponse> {
  const { session, kind, signal } = opts;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('ABORTED'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', mediaUrl(session, endpoint[kind]));
    xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(parseUploadAnswer(kind, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof UploadError ? error : new UploadError(kindCodes[kind].badResponse));
      }
    };
    xhr.onerror = () => reject(new UploadError('NETWORK'));
    xhr.onabort = () => reject(new UploadError('ABORTED'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // Text fields go before the file, so the server knows them when the file part streams in.
    const form = new FormData();
    if (opts.tag) form.append(UploadFields.tag, opts.tag);
    form.append(UploadFields.uploader, session.authorName());
    form.append(UploadFields.file, opts.file, opts.fileName);
    xhr.send(form);
  });
}

/** Asks the server to fetch a remote image (SSRF-safe there) and store it with this document. */
export async function fetchRemoteImage(opts: {
  session: CapabilitySession;
  url: string;
  signal?: AbortSignal;
}): Promise<UploadResponse> {
  const { session } = opts;
  let res: Response;
  try {
    res = await fetch(mediaUrl(session, 'images/fetch'), {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: opts.url, uploader: session.authorName() }),
      signal: opts.signal,
    });
  } catch {
    throw new UploadError(opts.signal?.aborted ? 'ABORTED' : 'NETWORK');
  }
  return parseUploadAnswer('image', res.status, await res.text());
}

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
