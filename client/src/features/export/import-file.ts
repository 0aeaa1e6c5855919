import { ImportLimits } from '@shared/limits';
// The English strings this part shows come with it.
import './export.strings';

// What the menu and the home page need at once; the checks below load with the readers.
export { importAccept, pickFile } from './pick-file';

/** How an imported file is read. */
export type ImportFormat = (typeof ImportLimits.extensions)[keyof typeof ImportLimits.extensions];

/** Why a file cannot be imported (each has a translated message, `export.importErrors.<code>`). */
export type ImportErrorCode = 'unsupportedType' | 'tooLarge' | 'empty' | 'malformed' | 'failed';

export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly format?: ImportFormat,
  ) {
    super(code);
  }
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

/** The format of a file that may be imported; throws ImportError (wrong type, too large, empty) otherwise. */
export function checkImportFile(file: { name: string; type: string; size: number }): ImportFormat {
  const format = importFormatOf(file);
  if (!format) throw new ImportError('unsupportedType');
  if (file.size > ImportLimits.maxFileBytes) throw new ImportError('tooLarge', format);
  if (file.size === 0) throw new ImportError('empty', format);
  return format;
}

/** The file name without its ending, as a document title. */
export function titleFromFileName(name: string): string {
  const ext = extensionOf(name);
  return (ext ? name.slice(0, -(ext.length + 1)) : name).trim();
}
