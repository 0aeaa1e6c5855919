import type { JSONContent } from '@tiptap/core';
import { MediaNodes } from '@shared/api/media-values';
import type { FileItem } from '@shared/api/media';
import { Errors, type ErrorCode } from '@shared/errors';
import { ImageLimits, VideoLimits } from '@shared/limits';

/**
 * The ErrorCode of the baseline's files-manager error number: 1–7 are the file upload's codes
 * (FILE_*), 8 and 9 the manager's own (FILES_MANAGER_*). Null for an unknown number.
 */
export function filesManagerErrorCode(baselineNumber: number): ErrorCode | null {
  const group = baselineNumber <= 7 ? 'file' : 'filesManager';
  for (const [code, spec] of Object.entries(Errors) as [ErrorCode, (typeof Errors)[ErrorCode]][]) {
    const baseline = 'baseline' in spec ? spec.baseline : undefined;
    if (baseline?.group === group && baseline.number === baselineNumber) return code;
  }
  return null;
}

/** What a manager row inserts: the fields every row (uploaded now or listed) has. */
export interface InsertableFile {
  id: string;
  url: string;
  name: string;
  size: number;
  type: string;
}

export type InsertAs = 'image' | 'video' | 'file';

/** Images become `image` nodes, videos and audio `video` nodes, anything else a `file` link (baseline §15). */
export function insertKindOf(mime: string): InsertAs {
  const type = mime.toLowerCase();
  const sub = type.split('/')[1] ?? '';
  if (type.startsWith('image/') && (ImageLimits.allowedTypes as readonly string[]).includes(sub)) return 'image';
  if (type.startsWith('video/') || type.startsWith('audio/')) return 'video';
  return 'file';
}

export function nodeForFile(item: InsertableFile): JSONContent {
  switch (insertKindOf(item.type)) {
    case 'image':
      return {
        type: MediaNodes.image.node,
        attrs: {
          src: item.url,
          alt: item.name,
          width: `${ImageLimits.defaultWidthPx}px`,
          align: 'center',
          display: 'block',
          uploadId: item.id,
        },
      };
    case 'video':
      return {
        type: MediaNodes.video.node,
        attrs: { src: item.url, kind: 'file', width: `${VideoLimits.defaultWidthPx}px`, uploadId: item.id },
      };
    default:
      return {
        type: MediaNodes.file.node,
        attrs: { href: item.url, name: item.name, size: item.size, mime: item.type, uploadId: item.id },
      };
  }
}

/** The preview a row gets: images and PDFs are previewed, everything else shows its details. */
export function previewKindOf(mime: string): 'image' | 'pdf' | 'none' {
  const type = mime.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return 'none';
}

/** The readable kinds of file the manager names (`filesManager.typeNames.<kind>`) instead of a MIME type. */
export const FILE_TYPE_NAMES = [
  'pdf',
  'word',
  'excel',
  'powerpoint',
  'odt',
  'ods',
  'odp',
  'rtf',
  'text',
  'markdown',
  'csv',
  'json',
  'zip',
  'image',
  'audio',
  'video',
  'file',
] as const;
export type FileTypeName = (typeof FILE_TYPE_NAMES)[number];

/** The types a file upload may have (FileLimits.allowedTypes, as the server stores them), and their aliases. */
const NAME_OF_MIME: Readonly<Record<string, FileTypeName>> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

/** `application/pdf` → `pdf` (shown as "PDF document"); parameters and case are ignored, unknown types are `file`. */
export function fileTypeNameOf(mime: string): FileTypeName {
  const type = (mime.split(';')[0] ?? '').trim().toLowerCase();
  const known = NAME_OF_MIME[type];
  if (known) return known;
  const major = type.split('/')[0];
  if (major === 'image' || major === 'audio' || major === 'video') return major;
  return 'file';
}

/** Checks one item of the list answer; malformed entries are skipped. */
export function readFileItems(raw: unknown): FileItem[] | null {
  if (!Array.isArray(raw)) return null;
  return (raw as unknown[]).filter((entry): entry is FileItem => {
    if (typeof entry !== 'object' || entry === null) return false;
    const e = entry as Record<string, unknown>;
    return (
      typeof e.id === 'string' &&
      typeof e.url === 'string' &&
      typeof e.name === 'string' &&
      typeof e.size === 'number' &&
      typeof e.type === 'string' &&
      typeof e.time === 'number'
    );
  });
}

/** Upload time in the UI language (short date and time). */
export function formatTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
}
