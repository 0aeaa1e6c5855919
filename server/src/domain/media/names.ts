import { UploadLimits } from '@shared/limits';

// C0/C1 controls, bidi overrides/isolates and marks, zero-width characters and BOM, line/paragraph separators.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

// Lone surrogates would break encodeURIComponent (Content-Disposition) and are never meaningful.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function clean(raw: string | undefined): string {
  return (raw ?? '')
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(/[\t\n\r\f\v\u2028\u2029]/g, ' ')
    .replace(UNSAFE_CHARS, '');
}

/** Cuts a string to `max` code points without splitting a surrogate pair. */
function cutCodePoints(value: string, max: number): string {
  const points = Array.from(value);
  return points.length <= max ? value : points.slice(0, max).join('');
}

/**
 * The original file name as we keep it: NFC, last path component only, no control or bidi
 * characters, no leading dots, at most UploadLimits.maxNameChars; 'file' when nothing is left.
 */
export function sanitizeFileName(raw: string | undefined): string {
  let name = clean(raw);
  // Both separators: browsers on Windows send `C:\fakepath\x.png`.
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (name.length > UploadLimits.maxNameChars) {
    // Keep the extension when cutting a long name.
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = cutCodePoints(name.slice(0, name.length - ext.length), UploadLimits.maxNameChars - ext.length) + ext;
    name = cutCodePoints(name, UploadLimits.maxNameChars);
  }
  return name === '' ? 'file' : name;
}

/** Lower-case extension of a sanitized name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const MAX_UPLOADER_CHARS = 64;

/** Display name of the uploader (multipart field): one line, no control/bidi characters, ≤ 64, '' default. */
export function sanitizeUploader(raw: string | undefined): string {
  const value = clean(raw).replace(/\s+/g, ' ').trim();
  return cutCodePoints(value, MAX_UPLOADER_CHARS);
}

/** Tag list: comma-separated, each tag trimmed, empty and duplicate tags dropped, ≤ maxTagChars. */
export function normalizeTags(raw: string | undefined): string {
  const tags: string[] = [];
  for (const part of clean(raw).split(',')) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return cutCodePoints(tags.join(','), UploadLimits.maxTagChars).replace(/,$/, '');
}

/** Generated stored name: `<first 32 hex of sha256>.<ext>`. */
export function storedNameFor(hash: string, ext: string): string {
  return `${hash.slice(0, 32)}.${ext}`;
}

/** Generated thumbnail name of an image blob. */
export function thumbNameFor(hash: string): string {
  return `${hash.slice(0, 32)}.thumb.webp`;
}

/** Extensions that name the same type as a stored extension (the stored one is always accepted). */
const SAME_TYPE: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpeg', 'jpe', 'jfif'],
  mpg: ['mpeg'],
  ogg: ['oga', 'ogv', 'opus'],
  oga: ['ogg', 'opus'],
  ogv: ['ogg'],
  opus: ['ogg', 'oga'],
  // Plain-text types are told apart by name only, and one stored text blob may back several of them.
  txt: ['text', 'csv', 'md', 'markdown', 'json'],
  csv: ['txt', 'md', 'json'],
  md: ['markdown', 'txt', 'csv', 'json'],
  json: ['txt', 'csv', 'md'],
};

/**
 * The name a stored file is downloaded under: its extension matches the type detected from its
 * content (`storedExt`, the stored name's), so `report.txt` holding a PDF downloads as `report.pdf`
 * and a name without an extension gets one. A last part that does not look like an extension
 * (`notes.2024`) is kept and the type's extension appended.
 */
export function downloadName(name: string, storedExt: string): string {
  const ext = storedExt.toLowerCase();
  if (!/^[a-z0-9]{1,10}$/.test(ext)) return name;
  const current = extensionOf(name);
  if (current === ext || SAME_TYPE[ext]?.includes(current)) return name;
  const dot = name.lastIndexOf('.');
  const looksLikeExtension = dot > 0 && /^[a-z0-9]{1,10}$/i.test(current) && /[a-z]/i.test(current);
  const base = looksLikeExtension ? name.slice(0, dot) : name;
  return `${cutCodePoints(base, UploadLimits.maxNameChars - ext.length - 1)}.${ext}`;
}

/**
 * ASCII fallback and RFC 5987 value for `Content-Disposition`:
 * `attachment; filename="report.pdf"; filename*=UTF-8''r%C3%A9port.pdf`.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
