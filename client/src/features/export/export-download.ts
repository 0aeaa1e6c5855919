import type { ExportFormat, ExportPage, ExportSuggestions } from '@shared/api/export';
import { apiError, apiFetch } from '../../lib/api-client';
import { withQuery } from '../../lib/api-helpers';

/** Saves `blob` as a download named `name` (through a temporary link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Characters no file system takes in a name (and control characters). */
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` (UTF-8) when present, else
 * `filename`; never a path. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w-]+)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    if (match && match[1]?.toLowerCase() === 'utf-8') {
      try {
        name = decodeURIComponent(match[2] ?? '');
      } catch {
        name = null;
      }
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim() ?? null) : null;
  }
  if (!name) return null;
  const safe = name.replace(UNSAFE_NAME, '_').replace(/^\.+/, '').trim();
  return safe || null;
}

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null while the server is still rendering or when it sent none. */
  total: number | null;
  /** False until the server answered (it renders PDF and Word files before it sends anything). */
  started: boolean;
}

/**
 * Fetches a server export as a stream, reporting its progress, and saves it under the server's file name.
 * Rejects with ApiError (the server refused, is unreachable, or ABORTED through `signal`) or, when the
 * abort comes while the body streams, the AbortError of `signal`.
 */
export async function downloadServerExport(options: {
  docId: string;
  token: string;
  format: ExportFormat;
  page?: ExportPage;
  /** Suggestions as marked; absent: accepted (the server's default). */
  suggestions?: ExportSuggestions;
  fallbackName: string;
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
}): Promise<string> {
  const { onProgress } = options;
  onProgress({ received: 0, total: null, started: false });
  // `GET /api/documents/:id/export`, its body read below as it streams in (for progress).
  const path = `/api/documents/${encodeURIComponent(options.docId)}/export`;
  const res = await apiFetch(
    'GET',
    withQuery(path, { format: options.format, page: options.page, suggestions: options.suggestions }),
    {
      token: options.token,
      signal: options.signal,
    },
  );
  if (!res.ok) throw await apiError(res);
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total, started: true });
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total, started: true });
    }
  } else {
    const whole = new Uint8Array(await res.arrayBuffer());
    chunks.push(whole);
    onProgress({ received: whole.byteLength, total, started: true });
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? options.fallbackName;
  saveBlob(new Blob(chunks, { type }), name);
  return name;
}
