import {
  defaultExportSuggestions,
  exportFormats,
  type BinaryExportFormat,
  type ExportFormat,
  type ExportSuggestions,
} from '@shared/api/export';
import type { DocumentModel } from '@shared/document/model/create-document-model';
import { exportFileName } from '@shared/document/html/export-file-name';
import { exportedBodyHtml, exportedDocument, htmlDocument } from '@shared/document/html/html-export';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import { LUCIDE_DRAWINGS } from '@shared/document/icons/lucide-drawings';
import { documentJson, proseMirrorDocOf } from '../../domain/ydoc/read-document';
import { renderText } from './text/render-text';
import { EXPORT_LANG, FALLBACK_FILE_NAME, UNTITLED } from './export-names';

/** The formats rendered here on the event loop (PDF and .docx go to the export workers). */
export type TextExportFormat = Exclude<ExportFormat, BinaryExportFormat>;

/** One rendered export: the bytes to send and how to send them. */
export interface RenderedExport {
  /** Text formats as a string, PDF and .docx as bytes. */
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

/** The document (a Y.Doc state) in one of the export formats, rendered with the model of the deployment. */
export function renderExport(
  state: Uint8Array,
  format: TextExportFormat,
  model: DocumentModel,
  entities: string,
  suggestions: ExportSuggestions = defaultExportSuggestions,
): RenderedExport {
  const { doc, title } = proseMirrorDocOf(state, model.schema);
  const { contentType, extension } = exportFormats[format];
  const fileName = exportFileName(title, FALLBACK_FILE_NAME, extension);
  let body: string;
  if (format === 'html') {
    body = htmlDocument(
      title || UNTITLED,
      exportedBodyHtml(doc, entities, LUCIDE_DRAWINGS, suggestions),
      entities,
      EXPORT_LANG,
    );
  } else if (format === 'text') {
    body = renderText(exportedDocument(doc, { blankLines: false, suggestions }));
  } else if (format === 'md') {
    body = documentMarkdown(model).serialize(exportedDocument(doc, { blankLines: false, suggestions }));
  } else {
    body = JSON.stringify(documentJson(exportedDocument(doc, { suggestions }), title));
  }
  return { body, contentType, fileName };
}
