// Not @fastify/static's `reply.sendFile` (issue 24, point 7): its conditional and range handling is driven
// by its own weak mtime/size ETag and Last-Modified, while uploads answer a strong ETag from the content
// hash (stable across restores and copies) that If-None-Match and If-Range must match; it would also
// need the uploads folder as a static root. Parsing one `Range` header is all that is left to do here.
/** A byte range of a file, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header for a file of `size` bytes: a single `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * Returns null to ignore the header (absent, malformed, or several ranges: the whole file is sent),
 * 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a = '', b = ''] = match;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return b === '' ? 'unsatisfiable' : null;
  return { start, end };
}
