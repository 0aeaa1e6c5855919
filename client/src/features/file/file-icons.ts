import {
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileType,
  FileVideo,
  Presentation,
} from 'lucide-react';
import type { IconComponent } from '../../editor/ui/icon';
export type FileIconKind =
  'pdf' | 'image' | 'audio' | 'video' | 'archive' | 'sheet' | 'slides' | 'text' | 'doc' | 'other';

const byExtension: Record<string, FileIconKind> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  webm: 'video',
  ogg: 'audio',
  zip: 'archive',
  csv: 'sheet',
  xls: 'sheet',
  xlsx: 'sheet',
  ods: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  txt: 'text',
  md: 'text',
  json: 'text',
  rtf: 'doc',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
};

/** The icon family of a file, from its MIME type, else from its name's extension. */
export function fileIconKind(mime: string, name: string): FileIconKind {
  const type = mime.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type.includes('zip') && !type.includes('openxml')) return 'archive';
  if (type.includes('spreadsheet') || type.includes('excel') || type === 'text/csv') return 'sheet';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'slides';
  if (type.includes('wordprocessing') || type.includes('msword') || type.includes('opendocument.text')) return 'doc';
  if (type.startsWith('text/') || type === 'application/json') return 'text';
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  return (ext && byExtension[ext]) || 'other';
}

export const fileIcons: Record<FileIconKind, IconComponent> = {
  pdf: FileText,
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  archive: FileArchive,
  sheet: FileSpreadsheet,
  slides: Presentation,
  text: FileType,
  doc: FileText,
  other: File,
};
