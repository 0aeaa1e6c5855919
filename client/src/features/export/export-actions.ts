import type { Editor } from '@tiptap/core';
import type { ExportSuggestions } from '@shared/api/export';
import { defaultExportSuggestions } from '@shared/api/export-values';
import { exportFileName } from '@shared/document/html/export-file-name';
import { ImportLimits } from '@shared/limits';
import type { CapabilityContext } from '../../editor/core/capability';
import { ApiError } from '../../lib/api-client';
import { isApiError } from '../../lib/api-helpers';
import { documentTitle } from '../../editor/core/document-title';
import { downloadServerExport } from './export-download';
import { getExportStatus, setExportStatus, type StatusMessage } from './export-status';
import type { DownloadChoice } from './export-choices';
import { checkImportFile, importFailureOf, type ImportContent } from './import-file';
import { exportActionStrings } from './export.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { export: exportActionStrings };
// The English strings this part shows come with it.

// The request's abort is ApiError ABORTED; one while the body streams is the stream's AbortError.
const isAbort = (error: unknown): boolean =>
  isApiError(error, 'ABORTED') || (error instanceof DOMException && error.name === 'AbortError');

/** Downloads the document in a server-rendered format, showing progress; a running download is cancelled. */
export async function runServerDownload(
  editor: Editor,
  context: CapabilityContext,
  choice: DownloadChoice,
  untitled: string,
  suggestions: ExportSuggestions = defaultExportSuggestions,
): Promise<void> {
  const { server } = choice;
  const session = context.session;
  if (!server || !session) return;
  const current = getExportStatus(editor);
  if (current.kind === 'download') current.cancel();
  const controller = new AbortController();
  const format: StatusMessage = { key: choice.labelKey };
  const cancel = (): void => controller.abort();
  const stillMine = (): boolean => {
    const now = getExportStatus(editor);
    return now.kind === 'download' && now.cancel === cancel;
  };
  setExportStatus(editor, { kind: 'download', format, progress: { received: 0, total: null, started: false }, cancel });
  try {
    await downloadServerExport({
      docId: session.docId,
      token: session.token,
      format: server.format,
      page: server.page,
      // The default stays out of the address.
      suggestions: suggestions === defaultExportSuggestions ? undefined : suggestions,
      fallbackName: exportFileName(documentTitle(editor), untitled, server.extension),
      signal: controller.signal,
      onProgress: (progress) => {
        if (stillMine()) setExportStatus(editor, { kind: 'download', format, progress, cancel });
      },
    });
    if (stillMine()) setExportStatus(editor, { kind: 'idle' });
  } catch (error) {
    if (!stillMine()) return;
    if (isAbort(error)) {
      setExportStatus(editor, { kind: 'idle' });
      return;
    }
    const code = error instanceof ApiError ? error.code : 'NETWORK';
    setExportStatus(editor, {
      kind: 'error',
      message: { key: 'export.downloadFailed', keyParams: { format: choice.labelKey, reason: `errors.${code}` } },
    });
  }
}

/** The translated message of an import failure. */
export function importErrorMessage(error: unknown): StatusMessage {
  const failure = importFailureOf(error);
  if (failure) {
    return {
      key: `export.importErrors.${failure.import}`,
      params: { size: `${Math.round(ImportLimits.maxFileBytes / (1024 * 1024))} MB` },
      keyParams: { format: `export.formats.${failure.format ?? 'html'}` },
    };
  }
  // A refusal of the server (the home page's import creates a document).
  if (error instanceof ApiError) return { key: `errors.${error.code}` };
  // The chunk with the readers could not be fetched (offline, or a new deployment).
  if (error instanceof TypeError) return { key: 'app.loadFailed' };
  console.error('[tandem] import failed', error);
  return { key: 'export.importErrors.failed' };
}

/** Reads a file for import (the checks first, then the readers' chunk, which includes mammoth). */
export async function readForImport(file: File): Promise<ImportContent> {
  checkImportFile(file);
  const { readImportFile } = await import('./import-read');
  return readImportFile(file);
}

/** Puts content into the editor at the caret (the Markdown rules' chunk loads on demand). */
export async function insertIntoEditor(
  editor: Editor,
  context: CapabilityContext,
  content: ImportContent,
): Promise<void> {
  const { insertImport } = await import('./import-insert');
  if (!editor.isDestroyed) await insertImport(editor, context.options, content);
}

/** "Import…": a file at the caret. A wrong, too large or unreadable file changes nothing and says why. */
export async function importAtCaret(editor: Editor, context: CapabilityContext, file: File): Promise<void> {
  setExportStatus(editor, { kind: 'import', name: file.name });
  try {
    const content = await readForImport(file);
    await insertIntoEditor(editor, context, content);
    setExportStatus(editor, { kind: 'idle' });
  } catch (error) {
    setExportStatus(editor, { kind: 'error', message: importErrorMessage(error) });
  }
}
