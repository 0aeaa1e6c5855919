import { describe, expect, it } from 'vitest';
import { Errors, ErrorCodes } from '@shared/errors';
import {
  FILE_TYPE_NAMES,
  fileTypeNameOf,
  filesManagerErrorCode,
  insertKindOf,
  nodeForFile,
  previewKindOf,
  readFileItems,
} from './files-manager.data';
import { filesManagerDialogStrings } from './files-manager.strings';
import de from '../../i18n/locales/de/filesManager.json';

describe('files manager error codes', () => {
  it('maps the baseline numbers 1–9 to their codes', () => {
    const expected = [
      'FILE_BAD_LINK',
      'FILE_NO_LINK',
      'FILE_UPLOAD_FAILED',
      'FILE_BAD_RESPONSE',
      'FILE_TOO_LARGE',
      'FILE_INVALID_TYPE',
      'FILE_UNSUPPORTED_BROWSER',
      'FILES_MANAGER_CORRUPTED',
      'FILES_MANAGER_LOAD_FAILED',
    ];
    expect(expected.map((_, i) => filesManagerErrorCode(i + 1))).toEqual(expected);
    expect(filesManagerErrorCode(0)).toBeNull();
    expect(filesManagerErrorCode(10)).toBeNull();
    const own = ErrorCodes.filter((c) => {
      const spec = Errors[c];
      return 'baseline' in spec && spec.baseline.group === 'filesManager';
    });
    for (const code of own) expect(expected).toContain(code);
  });
});

describe('files manager insertion', () => {
  const item = (type: string) => ({ id: 'u1', url: 'https://h/uploads/x', name: 'x', size: 10, type });

  it('inserts images as images, video and audio as video, the rest as file links', () => {
    expect(insertKindOf('image/png')).toBe('image');
    expect(insertKindOf('image/svg+xml')).toBe('file');
    expect(insertKindOf('video/mp4')).toBe('video');
    expect(insertKindOf('audio/mpeg')).toBe('video');
    expect(insertKindOf('application/pdf')).toBe('file');
    expect(nodeForFile(item('image/jpeg'))).toMatchObject({
      type: 'image',
      attrs: {
        src: 'https://h/uploads/x',
        alt: 'x',
        width: '300px',
        align: 'center',
        display: 'block',
        uploadId: 'u1',
      },
    });
    expect(nodeForFile(item('audio/ogg'))).toMatchObject({ type: 'video', attrs: { kind: 'file', uploadId: 'u1' } });
    expect(nodeForFile(item('application/pdf'))).toEqual({
      type: 'file',
      attrs: { href: 'https://h/uploads/x', name: 'x', size: 10, mime: 'application/pdf', uploadId: 'u1' },
    });
  });

  it('previews images and PDFs only', () => {
    expect(previewKindOf('image/webp')).toBe('image');
    expect(previewKindOf('application/pdf')).toBe('pdf');
    expect(previewKindOf('text/plain')).toBe('none');
  });

  it('keeps only well-formed list items', () => {
    expect(readFileItems({})).toBeNull();
    const good = { id: 'a', url: 'u', kind: 'file', name: 'n', size: 1, type: 't', time: 1, uploader: 'Ada' };
    expect(readFileItems([good, { id: 'b' }, null])).toEqual([good]);
  });
});

describe('files manager type names', () => {
  // The MIME type the server stores for each of FileLimits.allowedTypes (server/src/domain/media/detect.ts).
  const stored: [string, string, string][] = [
    ['application/pdf', 'PDF document', 'PDF-Dokument'],
    ['application/msword', 'Word document', 'Word-Dokument'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word document', 'Word-Dokument'],
    ['application/vnd.ms-excel', 'Excel spreadsheet', 'Excel-Tabelle'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel spreadsheet', 'Excel-Tabelle'],
    ['application/vnd.ms-powerpoint', 'PowerPoint presentation', 'PowerPoint-Präsentation'],
    [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'PowerPoint presentation',
      'PowerPoint-Präsentation',
    ],
    ['application/vnd.oasis.opendocument.text', 'OpenDocument text', 'OpenDocument-Text'],
    ['application/vnd.oasis.opendocument.spreadsheet', 'OpenDocument spreadsheet', 'OpenDocument-Tabelle'],
    ['application/vnd.oasis.opendocument.presentation', 'OpenDocument presentation', 'OpenDocument-Präsentation'],
    ['application/rtf', 'Rich Text document', 'RTF-Dokument'],
    ['text/plain; charset=utf-8', 'Plain text', 'Textdatei'],
    ['text/markdown; charset=utf-8', 'Markdown text', 'Markdown-Text'],
    ['text/csv; charset=utf-8', 'CSV file', 'CSV-Datei'],
    ['application/json; charset=utf-8', 'JSON file', 'JSON-Datei'],
    ['application/zip', 'ZIP archive', 'ZIP-Archiv'],
    ['image/png', 'Image', 'Bild'],
    ['image/jpeg', 'Image', 'Bild'],
    ['image/gif', 'Image', 'Bild'],
    ['image/webp', 'Image', 'Bild'],
    ['audio/mpeg', 'Audio file', 'Audiodatei'],
    ['audio/ogg', 'Audio file', 'Audiodatei'],
    ['audio/wav', 'Audio file', 'Audiodatei'],
    ['video/mp4', 'Video', 'Video'],
    ['video/webm', 'Video', 'Video'],
    ['video/ogg', 'Video', 'Video'],
  ];

  it('names every allowed upload type in English and German', () => {
    for (const [mime, english, german] of stored) {
      const name = fileTypeNameOf(mime);
      expect(filesManagerDialogStrings.typeNames[name], mime).toBe(english);
      expect(de.typeNames[name], mime).toBe(german);
    }
  });

  it('ignores case and parameters, and calls anything else a file', () => {
    expect(fileTypeNameOf('Application/PDF')).toBe('pdf');
    expect(fileTypeNameOf('text/plain;charset=UTF-8')).toBe('text');
    expect(fileTypeNameOf('application/x-cfb')).toBe('file');
    expect(fileTypeNameOf('application/octet-stream')).toBe('file');
    expect(fileTypeNameOf('')).toBe('file');
    expect(filesManagerDialogStrings.typeNames.file).toBe('File');
    expect(de.typeNames.file).toBe('Datei');
  });

  it('has a string for every name in both languages', () => {
    expect(Object.keys(filesManagerDialogStrings.typeNames).sort()).toEqual([...FILE_TYPE_NAMES].sort());
    expect(Object.keys(de.typeNames).sort()).toEqual([...FILE_TYPE_NAMES].sort());
  });
});
