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
