import type { ExportFormat, ExportPage } from '@shared/api/export';
import { chunk } from '../../editor/core/lazy';

/** One entry of the menu's download list. */
export interface DownloadChoice {
  id: string;
  labelKey: string;
  /** Rendered on the server (streamed, with progress); absent = written by the browser (HTML). */
  server?: { format: ExportFormat; page?: ExportPage; extension: string };
}

export const downloadChoices: readonly DownloadChoice[] = [
  { id: 'html', labelKey: 'export.html' },
  { id: 'md', labelKey: 'export.md', server: { format: 'md', extension: 'md' } },
  { id: 'text', labelKey: 'export.text', server: { format: 'text', extension: 'txt' } },
  { id: 'json', labelKey: 'export.json', server: { format: 'json', extension: 'json' } },
  { id: 'pdf-a4', labelKey: 'export.pdfA4', server: { format: 'pdf', page: 'a4', extension: 'pdf' } },
  { id: 'pdf-letter', labelKey: 'export.pdfLetter', server: { format: 'pdf', page: 'letter', extension: 'pdf' } },
  { id: 'docx', labelKey: 'export.docx', server: { format: 'docx', extension: 'docx' } },
];

/** Prints the document (the print style sheet leaves only the title and the content). */
export function printDocument(): void {
  // After the menu has closed, so its popup is not what the dialog snapshots.
  window.setTimeout(() => window.print(), 0);
}

/** Downloads and imports (server calls, file readers): a chunk fetched by the first use. */
const actionsCode = chunk(() => import('./export-actions'));
export const exportActions = actionsCode.load;
/** Fetches the actions once the author pauses (the status bar's idle prefetch). */
export const preloadExportActionsWhenIdle = actionsCode.preloadWhenIdle;
