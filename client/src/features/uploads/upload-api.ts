import { UploadFields } from '@shared/api/media-values';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { ApiError, apiFetch } from '../../lib/api-client';
import { refusalError } from '../../lib/api-helpers';
import type { CapabilitySession } from '../../editor/core/capability';

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
  if (status < 200 || status >= 300) throw refusalError(json, status, kindCodes[kind].failed);
  if (typeof json !== 'object' || json === null) throw new ApiError(kindCodes[kind].badResponse, status);
  const link = (json as { link?: unknown }).link;
  if (typeof link !== 'string' || link === '') throw new ApiError(kindCodes[kind].noLink, status);
  return json as UploadResponse;
}

/**
 * XHR multipart POST of `file` to /api/documents/:docId/{images|files|videos}, with progress; Bearer token.
 * XHR because fetch reports no upload progress; its errors are api-client's ApiError all the same.
 */
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
      reject(new ApiError('ABORTED', 0));
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
        reject(error instanceof ApiError ? error : new ApiError(kindCodes[kind].badResponse, xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 0));
    xhr.onabort = () => reject(new ApiError('ABORTED', 0));
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
  const res = await apiFetch('POST', mediaUrl(session, 'images/fetch'), {
    token: session.token,
    json: { url: opts.url, uploader: session.authorName() },
    signal: opts.signal,
  });
  return parseUploadAnswer('image', res.status, await res.text());
}

export { precheckUpload } from './upload-precheck';
