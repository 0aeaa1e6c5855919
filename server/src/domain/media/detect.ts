import { createReadStream } from 'node:fs';
import type { FileTypeResult } from 'file-type';
import { FileLimits, ImageLimits, VideoLimits } from '@shared/limits';
import type { ErrorCode } from '@shared/errors';
import { loadOnce } from '../../infra/load-once';
import type { UploadKindRow } from '../../infra/storage/store';
import { extensionOf } from './names';

/** file-type (~11 MiB with its parsers) is loaded by the first upload, not at start. */
const loadFileType = loadOnce(() => import('file-type'));

/** A type identified from the bytes (never from the name or Content-Type). */
export interface DetectedType {
  /** Allowlist name (ImageLimits / FileLimits / VideoLimits), or what was detected when not allowed. */
  type: string;
  /** Extension of the stored name. */
  ext: string;
  mime: string;
  /** Goes through the image pipeline (decode with pixel cap, re-encode, thumbnail). */
  image: boolean;
}

interface Known {
  type: string;
  ext: string;
  mime: string;
  image?: boolean;
}

/** file-type extension → our type. Anything absent is refused by every kind. */
const BY_DETECTED: Record<string, Known> = {
  jpg: { type: 'jpg', ext: 'jpg', mime: 'image/jpeg', image: true },
  png: { type: 'png', ext: 'png', mime: 'image/png', image: true },
  // APNG is a PNG; the re-encode keeps its first frame.
  apng: { type: 'png', ext: 'png', mime: 'image/png', image: true },
  gif: { type: 'gif', ext: 'gif', mime: 'image/gif', image: true },
  webp: { type: 'webp', ext: 'webp', mime: 'image/webp', image: true },
  pdf: { type: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  rtf: { type: 'rtf', ext: 'rtf', mime: 'application/rtf' },
  docx: {
    type: 'docx',
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { type: 'xlsx', ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: {
    type: 'pptx',
    ext: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  odt: { type: 'odt', ext: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  ods: { type: 'ods', ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { type: 'odp', ext: 'odp', mime: 'application/vnd.oasis.opendocument.presentation' },
  zip: { type: 'zip', ext: 'zip', mime: 'application/zip' },
  mp3: { type: 'mp3', ext: 'mp3', mime: 'audio/mpeg' },
  mp4: { type: 'mp4', ext: 'mp4', mime: 'video/mp4' },
  webm: { type: 'webm', ext: 'webm', mime: 'video/webm' },
  ogg: { type: 'ogg', ext: 'ogg', mime: 'audio/ogg' },
  oga: { type: 'ogg', ext: 'oga', mime: 'audio/ogg' },
  ogv: { type: 'ogg', ext: 'ogv', mime: 'video/ogg' },
  opus: { type: 'ogg', ext: 'opus', mime: 'audio/ogg' },
  wav: { type: 'wav', ext: 'wav', mime: 'audio/wav' },
  mpg: { type: 'mpeg', ext: 'mpg', mime: 'video/mpeg' },
};

/** Old Office files are Compound File Binary (like .msi installers): only with a matching name. */
const CFB_BY_NAME: Record<string, Known> = {
  doc: { type: 'doc', ext: 'doc', mime: 'application/msword' },
  xls: { type: 'xls', ext: 'xls', mime: 'application/vnd.ms-excel' },
  ppt: { type: 'ppt', ext: 'ppt', mime: 'application/vnd.ms-powerpoint' },
};

/** Plain-text types: valid UTF-8 without NUL and a name that says so. */
const TEXT_BY_NAME: Record<string, Known> = {
  txt: { type: 'txt', ext: 'txt', mime: 'text/plain; charset=utf-8' },
  csv: { type: 'csv', ext: 'csv', mime: 'text/csv; charset=utf-8' },
  md: { type: 'md', ext: 'md', mime: 'text/markdown; charset=utf-8' },
  json: { type: 'json', ext: 'json', mime: 'application/json; charset=utf-8' },
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text when `bytes` are valid UTF-8 without NUL, else null. */
export function asUtf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

// Markup that a browser would render as a document (HTML, SVG, XML) or a script with a shebang.
const MARKUP = /<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|math|xsl)\b/i;

/** Characters of a text that `activeTextKind` looks at. */
const TEXT_HEAD_CHARS = 4096;

/** `html`, `svg` or `script` when a text looks like active content (refused everywhere). */
export function activeTextKind(text: string): 'svg' | 'html' | 'script' | null {
  const head = text.slice(0, TEXT_HEAD_CHARS).replace(/^\ufeff/, '');
  if (head.startsWith('#!')) return 'script';
  const match = MARKUP.exec(head);
  if (!match) return null;
  return /svg/i.test(match[0]) || /<svg\b/i.test(head) ? 'svg' : 'html';
}

function fromMagic(found: FileTypeResult, nameExt: string): DetectedType {
  if (found.ext === 'cfb') {
    const known = CFB_BY_NAME[nameExt];
    return known ? { ...known, image: false } : { type: 'cfb', ext: 'cfb', mime: found.mime, image: false };
  }
  const known = BY_DETECTED[found.ext];
  if (known) return { ...known, image: known.image === true };
  return { type: found.ext, ext: found.ext, mime: found.mime, image: false };
}

/** `head`: the start of the content as text (at least TEXT_HEAD_CHARS when longer), or null when not text. */
function fromText(head: string | null, nameExt: string): DetectedType | undefined {
  if (head === null) return undefined;
  const active = activeTextKind(head);
  if (active) return { type: active, ext: active, mime: 'text/plain', image: false };
  const known = TEXT_BY_NAME[nameExt];
  if (known) return { ...known, image: false };
  return { type: 'text', ext: 'txt', mime: 'text/plain; charset=utf-8', image: false };
}

/**
 * Identifies `bytes` by content: magic numbers (file-type), then plain text. The name only picks
 * between formats that share one container (old Office files) or one encoding (text types).
 */
export async function detectType(bytes: Uint8Array, sanitizedName: string): Promise<DetectedType | undefined> {
  const nameExt = extensionOf(sanitizedName);
  const { fileTypeFromBuffer } = await loadFileType();
  const found = await fileTypeFromBuffer(bytes);
  if (found) return fromMagic(found, nameExt);
  return fromText(asUtf8Text(bytes), nameExt);
}

/**
 * The start of a file as text when the whole file is valid UTF-8 without NUL, else null. Reads in
 * chunks, so a large file is never held in memory.
 */
async function utf8HeadOfFile(filePath: string): Promise<string | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let head = '';
  const decode = (chunk?: Buffer): string | null => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      return null;
    }
  };
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) return null;
    const text = decode(chunk);
    if (text === null) return null;
    if (head.length < TEXT_HEAD_CHARS) head += text.slice(0, TEXT_HEAD_CHARS - head.length);
  }
  // A sequence cut off at the end is invalid too.
  return decode() === null ? null : head;
}

/** `detectType` for content staged in a file: the same answers, without reading it into memory. */
export async function detectFileType(filePath: string, sanitizedName: string): Promise<DetectedType | undefined> {
  const nameExt = extensionOf(sanitizedName);
  const { fileTypeFromFile } = await loadFileType();
  const found = await fileTypeFromFile(filePath);
  if (found) return fromMagic(found, nameExt);
  return fromText(await utf8HeadOfFile(filePath), nameExt);
}

const ALLOWED: Record<UploadKindRow, readonly string[]> = {
  image: ImageLimits.allowedTypes,
  file: FileLimits.allowedTypes,
  video: VideoLimits.allowedTypes,
};

export const INVALID_TYPE_CODE: Record<UploadKindRow, ErrorCode> = {
  image: 'IMAGE_INVALID_TYPE',
  file: 'FILE_INVALID_TYPE',
  video: 'VIDEO_INVALID_TYPE',
};

export const TOO_LARGE_CODE: Record<UploadKindRow, ErrorCode> = {
  image: 'IMAGE_TOO_LARGE',
  file: 'FILE_TOO_LARGE',
  video: 'VIDEO_TOO_LARGE',
};

/** Whether a detected type may be uploaded as `kind` (SVG, HTML and scripts never are). */
export function isAllowed(kind: UploadKindRow, detected: DetectedType | undefined): detected is DetectedType {
  if (!detected) return false;
  if (kind === 'image' && !detected.image) return false;
  // 'jpeg' and 'jpg' are one type; the allowlists may name either.
  const names = detected.type === 'jpg' ? ['jpg', 'jpeg'] : [detected.type];
  return names.some((n) => ALLOWED[kind].includes(n));
}
