import type { ErrorCode } from '@shared/errors';
import { ImportLimits } from '@shared/limits';
import { ApiError } from '../../lib/api-client';
// The English strings this part shows come with it.

// What the menu and the home page need at once; the checks below load with the readers.
export { importAccept, pickFile } from './pick-file';

/** How an imported file is read. */
export type ImportFormat = (typeof ImportLimits.extensions)[keyof typeof ImportLimits.extensions];

/** Why a file cannot be imported (each has a translated message, `export.importErrors.<reason>`). */
export type ImportFailure = 'unsupportedType' | 'tooLarge' | 'empty' | 'malformed' | 'failed';

/** The `details` of an import's ApiError: the reason its message names, and the file's format. */
export interface ImportErrorDetails {
  import: ImportFailure;
  format?: ImportFormat;
}

const importCodes: Record<ImportFailure, ErrorCode> = {
  unsupportedType: 'UNSUPPORTED_MEDIA_TYPE',
  tooLarge: 'TOO_LARGE',
  empty: 'VALIDATION_FAILED',
  malformed: 'VALIDATION_FAILED',
  failed: 'INTERNAL',
};

/** A file refused here, before anything is sent (status 0): the reason is in `details`. */
export function importError(reason: ImportFailure, format?: ImportFormat): ApiError {
  const details: ImportErrorDetails = format ? { import: reason, format } : { import: reason };
  return new ApiError(importCodes[reason], 0, details);
}

/** The import details of an error, or null for any other error. */
export function importFailureOf(error: unknown): ImportErrorDetails | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return null;
  return 'import' in error.details ? (error.details as ImportErrorDetails) : null;
}

/** What an import puts into a document: HTML (from HTML or Word) or Markdown, read with the editor's model. */
export interface ImportContent {
  format: 'html' | 'markdown';
  text: string;
  /** A title for a new document: the HTML's `<title>`, else the file name without its ending. */
  title: string;
}

const known = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/** The ending of a file name, lower case ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The format a file is read as: by its name's ending; a name without one by its MIME type. A known ending
 * decides even when the browser reports another type (Windows reports .md as '' or application/octet-stream).
 */
export function importFormatOf(file: { name: string; type: string }): ImportFormat | null {
  const ext = extensionOf(file.name);
  if (ext) return known(ImportLimits.extensions, ext) ? ImportLimits.extensions[ext] : null;
  const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return known(ImportLimits.mimeTypes, mime) ? ImportLimits.mimeTypes[mime] : null;
}

/** The format of a file that may be imported; throws an import error (wrong type, too large, empty) otherwise. */
export function checkImportFile(file: { name: string; type: string; size: number }): ImportFormat {
  const format = importFormatOf(file);
  if (!format) throw importError('unsupportedType');
  if (file.size > ImportLimits.maxFileBytes) throw importError('tooLarge', format);
  if (file.size === 0) throw importError('empty', format);
  return format;
}

/** The file name without its ending, as a document title. */
export function titleFromFileName(name: string): string {
  const ext = extensionOf(name);
  return (ext ? name.slice(0, -(ext.length + 1)) : name).trim();
}
